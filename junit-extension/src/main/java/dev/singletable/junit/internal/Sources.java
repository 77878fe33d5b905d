package dev.singletable.junit.internal;

import dev.singletable.fixtures.DesignException;
import dev.singletable.fixtures.FixtureException;
import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * Finds and reads design and fixture files for a test class: on the class path relative to the class's package,
 * then from the class path root, then relative to the working directory. Every failure names the element that
 * asked ({@code @SingleTableTest on ...}), what was wrong and, for bad content, file:line:column.
 *
 * <p>One per run ({@link Run#sources()}): it keeps what it parsed by the text read, so the classes of a run that
 * share a design and fixture files parse them once (parsing a thousand fixture items costs more than seeding them)
 * and a file that changes is parsed again. Designs and fixtures are immutable, so classes can share them.
 */
public final class Sources {
    /** The element of a {@link #prefetch}, whose failures nobody reads. */
    private static final String PREFETCH = "prefetch";
    /** Parsed designs and fixtures by what they were parsed from: the texts, their names, the design. */
    private final Map<List<Object>, Object> parsed = new ConcurrentHashMap<>();
    /** What {@link #prefetch} was asked for: the anchor's package and the names. */
    private final Set<List<Object>> prefetched = ConcurrentHashMap.newKeySet();
    /**
     * The threads of prefetches by the anchor's package and the fixture names: a class that needs those fixtures
     * waits for the prefetch, which read their YAML while the design was parsed, instead of parsing them again.
     */
    private final Map<List<Object>, Thread> prefetching = new ConcurrentHashMap<>();
    /**
     * Class path resources found, by loader and path: every class of a run looks its files up, and a look walks the
     * class path, which does not change during a run (what the files hold may: they are read each time).
     */
    private final Map<ClassLoader, Map<String, URL>> resources = new ConcurrentHashMap<>();
    /**
     * The last text read from each place: a text read again is compared with it and, when equal, replaced by it,
     * whose hash code is already worked out, as the keys of {@link #parsed} hash texts of a hundred kilobytes.
     */
    private final Map<String, String> texts = new ConcurrentHashMap<>();
    /** What a file's attributes said when its text was last read, by place: a file unchanged is not read again. */
    private final Map<String, Stamp> stamps = new ConcurrentHashMap<>();

    /** Keep one per run, in the root store: {@link Run#sources()}. */
    public Sources() {
    }

    /**
     * Starts reading a design and its fixtures, unless that was asked before, so that a cold JVM parses them while
     * the backend starts (the first class's YAML takes about as long as the engine): the design on a thread of its
     * own, and the fixtures' YAML meanwhile on another, which then checks them against the design.
     * {@link #design} and {@link #fixtures} then take what it parsed, waiting for it if need be; a failure is left
     * to them to report, naming the element that asked.
     *
     * @return the thread reading the fixtures, which ends when both are read; empty when these files were asked for
     *         before
     */
    public Optional<Thread> prefetch(Class<?> anchor, String design, List<String> fixtures) {
        if (!prefetched.add(List.of(anchor.getPackageName(), design, fixtures))) {
            return Optional.empty();
        }
        Thread designReader = daemon("singletable-design", () -> design(anchor, design, PREFETCH));
        Thread reader = daemon("singletable-sources", () -> {
            String[] names = fixtures.toArray(String[]::new);
            Map<String, FixtureSource> readAhead = new IdentityHashMap<>();
            for (String name : names) {
                String text = find(anchor, name, "fixture file", PREFETCH).read();
                readAhead.put(text, FixtureSource.ofString(name, text).readAhead());
            }
            fixtures(anchor, design(anchor, design, PREFETCH), names, PREFETCH, readAhead);
        });
        prefetching.put(List.of(anchor.getPackageName(), fixtures), reader);
        designReader.start();
        reader.start();
        return Optional.of(reader);
    }

    private static Thread daemon(String name, Runnable read) {
        Thread thread = new Thread(() -> {
            try {
                read.run();
            } catch (RuntimeException e) {
                // the class's own design() and fixtures() meet the same failure and report it
            }
        }, name);
        thread.setDaemon(true);
        return thread;
    }

    /** Reads and validates the design named by {@code element}. */
    public TableDesign design(Class<?> anchor, String name, String element) {
        Found source = find(anchor, name, "design", element);
        String text = source.read();
        try {
            return (TableDesign) parsed.computeIfAbsent(List.of("design", source.name(), text),
                    key -> TableDesign.parse(text, source.name()));
        } catch (DesignException e) {
            throw new ExtensionConfigurationException(element + ": design '" + name + "' is not valid: "
                    + e.getMessage(), e);
        }
    }

    /** Reads the fixture files named by {@code element} and checks them against the design. */
    public Fixtures fixtures(Class<?> anchor, TableDesign design, String[] names, String element) {
        Thread prefetch = prefetching.get(List.of(anchor.getPackageName(), List.of(names)));
        if (prefetch != null) {
            Threads.awaitEnd(prefetch);
        }
        return fixtures(anchor, design, names, element, Map.of());
    }

    /** As above, with texts whose YAML was read ahead, by text (the instance {@link Found#read} returns). */
    private Fixtures fixtures(Class<?> anchor, TableDesign design, String[] names, String element,
            Map<String, FixtureSource> readAhead) {
        List<Object> key = new ArrayList<>(List.of("fixtures", new Identity(design)));
        for (String name : names) {
            Found found = find(anchor, name, "fixture file", element);
            key.add(found.name());
            key.add(found.read());
        }
        try {
            return (Fixtures) parsed.computeIfAbsent(key, k -> {
                List<FixtureSource> sources = new ArrayList<>();
                for (int i = 2; i < key.size(); i += 2) {
                    String text = (String) key.get(i + 1);
                    FixtureSource read = readAhead.get(text);
                    sources.add(read != null ? read : FixtureSource.ofString((String) key.get(i), text));
                }
                return Fixtures.fromSources(design, sources, Map.of());
            });
        } catch (FixtureException e) {
            throw new ExtensionConfigurationException(element + ": fixtures do not match design '"
                    + design.tableName() + "': " + e.getMessage(), e);
        }
    }

    /**
     * A design in a key, compared by identity: it stands for the text it was parsed from, as this class parses one
     * design per text, while the design's own {@code equals} and {@code hashCode} walk all of its records, and a
     * record class's first such call takes a cold JVM milliseconds to set up.
     */
    private static final class Identity {
        private final Object value;

        Identity(Object value) {
            this.value = value;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Identity identity && identity.value == value;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(value);
        }
    }

    private static URL fileUrl(Path file) {
        try {
            return file.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException("a file path is always a URL: " + file, e);
        }
    }

    /** A file found: its name as the declaration gives it, and where it is. */
    private final class Found {
        private final String name;
        private final URL url;

        Found(String name, URL url) {
            this.name = name;
            this.url = url;
        }

        String name() {
            return name;
        }

        /**
         * @return the file's text; the instance read last time when the text is the same, without reading a file
         *         whose size and modification time say that it has not changed since
         */
        String read() {
            String where = url.toExternalForm();
            BasicFileAttributes attributes = attributes(url);
            Stamp stamp = stamps.get(where);
            if (stamp != null && attributes != null && stamp.describes(attributes)) {
                return stamp.text();
            }
            long readAt = System.currentTimeMillis();
            String text = readText(where);
            if (attributes != null) {
                stamps.put(where, new Stamp(attributes, readAt, text));
            }
            return text;
        }

        private String readText(String where) {
            String text = FixtureSource.of(name, () -> {
                try {
                    return url.openStream();
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + url, e);
                }
            }).read();
            String last = texts.putIfAbsent(where, text);
            if (last == null) {
                return text;
            }
            if (last.equals(text)) {
                return last;
            }
            texts.put(where, text);
            return text;
        }
    }

    /** @return the attributes of a file's URL; null for another URL or when they cannot be read (it is read then) */
    private static BasicFileAttributes attributes(URL url) {
        if (!url.getProtocol().equals("file")) {
            return null;
        }
        try {
            return Files.readAttributes(Path.of(url.toURI()), BasicFileAttributes.class);
        } catch (IOException | URISyntaxException | RuntimeException unreadable) {
            return null;
        }
    }

    /**
     * A file's size and modification time when its text was read, and the text. They stand for the text only when
     * the time lies well before the read: a file written again within the granularity of the file system's clock
     * (milliseconds, on some systems seconds) can keep its time, so a file modified shortly before it was read is
     * read again next time.
     */
    private static final class Stamp {
        /** Longer than any file system's timestamp granularity and any lag of its clock behind the JVM's. */
        private static final long SETTLED_MILLIS = 2_000;
        private final long size;
        private final long modified;
        private final boolean settled;
        private final String text;

        Stamp(BasicFileAttributes attributes, long readAt, String text) {
            this.size = attributes.size();
            this.modified = attributes.lastModifiedTime().toMillis();
            this.settled = modified < readAt - SETTLED_MILLIS;
            this.text = text;
        }

        boolean describes(BasicFileAttributes attributes) {
            return settled && attributes.size() == size && attributes.lastModifiedTime().toMillis() == modified;
        }

        String text() {
            return text;
        }
    }

    private URL resource(ClassLoader loader, String path) {
        Map<String, URL> found = resources.computeIfAbsent(loader, l -> new ConcurrentHashMap<>());
        URL url = found.get(path);
        if (url == null) {
            url = loader.getResource(path);
            if (url != null) {
                found.put(path, url);
            }
        }
        return url;
    }

    private Found find(Class<?> anchor, String name, String kind, String element) {
        String packagePath = anchor.getPackageName().replace('.', '/');
        String relative = name.startsWith("/") || packagePath.isEmpty() ? name.replaceFirst("^/", "")
                : packagePath + "/" + name;
        String root = name.replaceFirst("^/", "");
        Path file = Path.of(name).toAbsolutePath().normalize();
        ClassLoader loader = anchor.getClassLoader();
        URL url = resource(loader, relative);
        if (url == null && !name.startsWith("/")) {
            url = resource(loader, root);
        }
        if (url == null && Files.isRegularFile(file)) {
            url = fileUrl(file);
        }
        if (url != null) {
            return new Found(name, url);
        }
        String places = relative.equals(root) ? "class path resource '" + root + "'"
                : "class path resources '" + relative + "' and '" + root + "'";
        throw new ExtensionConfigurationException(element + ": " + kind + " '" + name + "' not found; looked for "
                + places + " and file '" + file + "'");
    }
}
