package dev.singletable.junit.internal;

import dev.singletable.junit.ScanGuard;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The configuration parameters of the extension. JUnit reads them from the launcher, then from system properties,
 * then from {@code junit-platform.properties}; a value that does not parse fails the class naming the parameter.
 */
public final class Settings {
    /** {@code fail}, {@code warn} or {@code allow}: the Scan guard of classes that do not choose one. */
    public static final String SCANS = "singletable.scans";
    /** An external endpoint to run against; also the environment variable {@link #ENDPOINT_VARIABLE}. */
    public static final String ENDPOINT = "singletable.endpoint";
    /** The environment variable naming an external endpoint, when the parameter is not set. */
    public static final String ENDPOINT_VARIABLE = "SINGLETABLE_ENDPOINT";
    /** The region of the external endpoint. */
    public static final String REGION = "singletable.region";
    /** The prefix of table names on the external endpoint. */
    public static final String TABLE_PREFIX = "singletable.tablePrefix";
    /** Whether to set the SDK's endpoint, region and credentials system properties while a class runs. */
    public static final String SYSTEM_PROPERTIES = "singletable.systemProperties";

    private Settings() {
    }

    /** @return the Scan guard a class with {@link ScanGuard#CONFIGURED} gets: {@code warn} unless configured */
    public static ScanGuard scans(ExtensionContext context) {
        return context.getConfigurationParameter(SCANS).map(value -> switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "fail" -> ScanGuard.FAIL;
            case "warn" -> ScanGuard.WARN;
            case "allow" -> ScanGuard.ALLOW;
            default -> throw invalid(SCANS, value, "fail, warn or allow");
        }).orElse(ScanGuard.WARN);
    }

    static Optional<URI> endpoint(ExtensionContext context) {
        Optional<String> value = context.getConfigurationParameter(ENDPOINT)
                .or(() -> Optional.ofNullable(System.getenv(ENDPOINT_VARIABLE))).filter(v -> !v.isBlank());
        return value.map(text -> {
            try {
                URI uri = new URI(text.trim());
                if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                    return uri;
                }
            } catch (URISyntaxException e) {
                // reported below, like any other value that is not an HTTP URL
            }
            throw invalid(ENDPOINT, text, "an http:// or https:// URL such as http://localhost:8000");
        });
    }

    static Optional<String> region(ExtensionContext context) {
        return context.getConfigurationParameter(REGION).filter(v -> !v.isBlank()).map(String::trim);
    }

    static String tablePrefix(ExtensionContext context) {
        return context.getConfigurationParameter(TABLE_PREFIX).orElseGet(() -> "singletable-"
                + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()).substring(2) + "-");
    }

    static boolean systemProperties(ExtensionContext context) {
        return context.getConfigurationParameter(SYSTEM_PROPERTIES).map(value -> switch (value.trim()
                .toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid(SYSTEM_PROPERTIES, value, "true or false");
        }).orElse(true);
    }

    private static ExtensionConfigurationException invalid(String parameter, String value, String expected) {
        return new ExtensionConfigurationException("configuration parameter " + parameter + " is '" + value
                + "'; expected " + expected);
    }
}
