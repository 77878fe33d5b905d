package dev.singletable.junit.internal;

import dev.singletable.fixtures.DesignException;
import dev.singletable.fixtures.FixtureException;
import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * Finds and reads design and fixture files for a test class: on the class path relative to the class's package,
 * then from the class path root, then relative to the working directory. Every failure names the element that
 * asked ({@code @SingleTableTest on ...}), what was wrong and, for bad content, file:line:column.
 */
public final class Sources {
    private Sources() {
    }

    /** Reads and validates the design named by {@code element}. */
    public static TableDesign design(Class<?> anchor, String name, String element) {
        FixtureSource source = find(anchor, name, "design", element);
        try {
            return TableDesign.parse(source.read(), source.name());
        } catch (DesignException e) {
            throw new ExtensionConfigurationException(element + ": design '" + name + "' is not valid: "
                    + e.getMessage(), e);
        }
    }

    /** Reads the fixture files named by {@code element} and checks them against the design. */
    public static Fixtures fixtures(Class<?> anchor, TableDesign design, String[] names, String element) {
        List<FixtureSource> sources = Arrays.stream(names).map(name -> find(anchor, name, "fixture file", element))
                .toList();
        try {
            return Fixtures.fromSources(design, sources, Map.of());
        } catch (FixtureException e) {
            throw new ExtensionConfigurationException(element + ": fixtures do not match design '"
                    + design.tableName() + "': " + e.getMessage(), e);
        }
    }

    private static URL fileUrl(Path file) {
        try {
            return file.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException("a file path is always a URL: " + file, e);
        }
    }

    private static FixtureSource find(Class<?> anchor, String name, String kind, String element) {
        String packagePath = anchor.getPackageName().replace('.', '/');
        String relative = name.startsWith("/") || packagePath.isEmpty() ? name.replaceFirst("^/", "")
                : packagePath + "/" + name;
        String root = name.replaceFirst("^/", "");
        Path file = Path.of(name).toAbsolutePath().normalize();
        ClassLoader loader = anchor.getClassLoader();
        URL url = loader.getResource(relative);
        if (url == null && !name.startsWith("/")) {
            url = loader.getResource(root);
        }
        if (url == null && Files.isRegularFile(file)) {
            url = fileUrl(file);
        }
        if (url != null) {
            URL found = url;
            return FixtureSource.of(name, () -> {
                try {
                    return found.openStream();
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + found, e);
                }
            });
        }
        String places = relative.equals(root) ? "class path resource '" + root + "'"
                : "class path resources '" + relative + "' and '" + root + "'";
        throw new ExtensionConfigurationException(element + ": " + kind + " '" + name + "' not found; looked for "
                + places + " and file '" + file + "'");
    }
}
