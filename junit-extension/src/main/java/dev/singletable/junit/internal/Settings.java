package dev.singletable.junit.internal;

import static dev.singletable.junit.SingleTableTest.COVERAGE_DIRECTORY_PROPERTY_NAME;
import static dev.singletable.junit.SingleTableTest.COVERAGE_PROPERTY_NAME;
import static dev.singletable.junit.SingleTableTest.DROP_LEFTOVERS_PROPERTY_NAME;
import static dev.singletable.junit.SingleTableTest.SCANS_PROPERTY_NAME;
import static dev.singletable.junit.SingleTableTest.ENDPOINT_PROPERTY_NAME;
import static dev.singletable.junit.SingleTableTest.ENDPOINT_ENVIRONMENT_VARIABLE;
import static dev.singletable.junit.SingleTableTest.REGION_PROPERTY_NAME;
import static dev.singletable.junit.SingleTableTest.TABLE_PREFIX_PROPERTY_NAME;
import static dev.singletable.junit.SingleTableTest.SYSTEM_PROPERTIES_PROPERTY_NAME;
import static dev.singletable.junit.SingleTableTest.WARM_UP_PROPERTY_NAME;

import dev.singletable.core.Endpoint;
import dev.singletable.junit.ScanGuard;
import dev.singletable.junit.SingleTableTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Reads the configuration parameters of the extension, named on {@link SingleTableTest}. JUnit reads them from the
 * launcher, then from system properties, then from {@code junit-platform.properties}; a value that does not parse
 * fails the class naming the parameter.
 */
public final class Settings {

    private Settings() {
    }

    /** @return the Scan guard a class with {@link ScanGuard#CONFIGURED} gets: {@code warn} unless configured */
    public static ScanGuard scans(ExtensionContext context) {
        return context.getConfigurationParameter(SCANS_PROPERTY_NAME).map(value -> switch (value.trim()
                .toLowerCase(Locale.ROOT)) {
            case "fail" -> ScanGuard.FAIL;
            case "warn" -> ScanGuard.WARN;
            case "allow" -> ScanGuard.ALLOW;
            default -> throw invalid(SCANS_PROPERTY_NAME, value, "fail, warn or allow");
        }).orElse(ScanGuard.WARN);
    }

    /** @return what coverage does at the end of the run: {@code warn} unless configured */
    public static CoverageReport.Mode coverage(ExtensionContext context) {
        return context.getConfigurationParameter(COVERAGE_PROPERTY_NAME).map(value -> switch (value.trim()
                .toLowerCase(Locale.ROOT)) {
            case "fail" -> CoverageReport.Mode.FAIL;
            case "warn" -> CoverageReport.Mode.WARN;
            case "off" -> CoverageReport.Mode.OFF;
            default -> throw invalid(COVERAGE_PROPERTY_NAME, value, "fail, warn or off");
        }).orElse(CoverageReport.Mode.WARN);
    }

    /** @return where coverage files go: configured, or the build directory's {@code singletable} folder */
    static Path coverageDirectory(ExtensionContext context) {
        return context.getConfigurationParameter(COVERAGE_DIRECTORY_PROPERTY_NAME).filter(v -> !v.isBlank())
                .map(Path::of).orElseGet(() -> Files.exists(Path.of("build.gradle"))
                        || Files.exists(Path.of("build.gradle.kts")) ? Path.of("build", "singletable")
                                : Path.of("target", "singletable"));
    }

    static Optional<Endpoint> endpoint(ExtensionContext context) {
        return context.getConfigurationParameter(ENDPOINT_PROPERTY_NAME)
                .or(() -> Optional.ofNullable(System.getenv(ENDPOINT_ENVIRONMENT_VARIABLE)))
                .filter(v -> !v.isBlank()).map(text -> {
                    try {
                        return Endpoint.parse(text);
                    } catch (IllegalArgumentException e) {
                        throw invalid(ENDPOINT_PROPERTY_NAME, text,
                                "an http:// or https:// URL such as http://localhost:8000");
                    }
                });
    }

    static Optional<String> region(ExtensionContext context) {
        return context.getConfigurationParameter(REGION_PROPERTY_NAME).filter(v -> !v.isBlank()).map(String::trim);
    }

    /** @return the prefix of table names the user configured; without one the run's own is generated */
    static Optional<String> tablePrefix(ExtensionContext context) {
        return context.getConfigurationParameter(TABLE_PREFIX_PROPERTY_NAME);
    }

    /** @return whether the user asked to drop leftover tables, if they said; the endpoint policy decides if not */
    static Optional<Boolean> dropLeftovers(ExtensionContext context) {
        return bool(context, DROP_LEFTOVERS_PROPERTY_NAME);
    }

    static Optional<Boolean> systemProperties(ExtensionContext context) {
        return bool(context, SYSTEM_PROPERTIES_PROPERTY_NAME);
    }

    /**
     * Checks the warm-up's switch, which {@link WarmUpOnDiscovery} reads while the tests are discovered, where a
     * value that does not parse can fail nothing (it only turns the warm-up off there).
     */
    static void checkWarmUp(ExtensionContext context) {
        bool(context, WARM_UP_PROPERTY_NAME);
    }

    private static Optional<Boolean> bool(ExtensionContext context, String parameter) {
        return context.getConfigurationParameter(parameter).map(value -> switch (value.trim()
                .toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid(parameter, value, "true or false");
        });
    }

    private static ExtensionConfigurationException invalid(String parameter, String value, String expected) {
        return new ExtensionConfigurationException("configuration parameter " + parameter + " is '" + value
                + "'; expected " + expected);
    }
}
