package dev.singletable.junit.internal;

import dev.singletable.core.Backend;
import dev.singletable.core.ProvisionedTable;
import dev.singletable.core.TablePrefix;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.junit.SingleTableTest;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What a whole test run shares: the backend (one engine, or the clients of one external endpoint), the table
 * names in use, and the SDK system properties, set while at least one class needs them. Kept in the root store,
 * which closes it when the run ends.
 */
@SuppressWarnings("deprecation") // CloseableResource: JUnit before 5.13 closes only those (Spring Boot 3.5 has 5.12)
public final class Run implements AutoCloseable, ExtensionContext.Store.CloseableResource {
    /** The SDK's name, spelled as it reads it (AwsClientEndpointProvider: aws.endpointUrl + DynamoDb). */
    private static final String ENDPOINT_PROPERTY = "aws.endpointUrlDynamoDb";
    private static final String REGION_PROPERTY = "aws.region";
    private static final String ACCESS_KEY_PROPERTY = "aws.accessKeyId";
    private static final String SECRET_KEY_PROPERTY = "aws.secretAccessKey";
    private static final System.Logger LOGGER = System.getLogger(Run.class.getName());

    /** Runs open in this JVM, latest last: a test kit run inside a test opens a second one. */
    private static final Deque<Run> OPEN = new ConcurrentLinkedDeque<>();
    /** The run whose test class executes on a thread: launchers may run side by side (a test kit in a test). */
    private static final ThreadLocal<Run> ON_THREAD = new ThreadLocal<>();
    private static final AtomicLong IDS = new AtomicLong();

    private final long id = IDS.incrementAndGet();
    private final Backend backend;
    private final String tablePrefix;
    private final Optional<Boolean> systemProperties;
    private final Set<String> names = ConcurrentHashMap.newKeySet();
    private final SharedTables sharedTables = new SharedTables(this);
    private final Sources sources;
    /** Starts the engine's HTTP endpoint off the test's thread; null until a class wants it started. */
    private Thread endpointStart;
    private volatile boolean open = true;
    private int propertyUsers;
    private Map<String, String> savedProperties;

    private Run(Backend backend, String tablePrefix, Optional<Boolean> systemProperties, Sources sources) {
        this.backend = backend;
        this.sources = sources;
        this.tablePrefix = tablePrefix;
        this.systemProperties = systemProperties;
        OPEN.addLast(this);
    }

    /**
     * Starts the engine's HTTP endpoint on a thread of its own when a class will {@linkplain #setSystemProperties()
     * set the system properties}, which name its port before the first test: its socket and the JDK's networking
     * then load on the spare core while the class's table is created and seeded. {@link Backend#endpoint()} is
     * idempotent and waits for a start under way, so the properties get the same port; a start that failed here
     * is tried again there, where its error fails the class. A class that sets no properties opens no socket.
     *
     * @param beansPointed as for {@link #wantsSystemProperties(boolean)}
     */
    public synchronized void startEndpointFor(boolean beansPointed) {
        if (endpointStart != null || backend.engine().isEmpty() || !wantsSystemProperties(beansPointed)) {
            return;
        }
        Thread start = new Thread(() -> {
            try {
                backend.endpoint();
            } catch (RuntimeException e) {
                // setSystemProperties() starts it again on the class's thread, and fails the class with the reason
            }
        }, "singletable-endpoint-start");
        start.setDaemon(true);
        start.start();
        endpointStart = start;
    }

    /**
     * The run of the test class executing on this thread, for hosts that build what a test needs before the
     * extension's callbacks (Spring builds an application context while it prepares a test class).
     *
     * @return the run the extension last met on this thread, if it is open; else the latest open run of the JVM
     */
    public static Optional<Run> current() {
        Run onThread = ON_THREAD.get();
        return onThread != null && onThread.open ? Optional.of(onThread) : Optional.ofNullable(OPEN.peekLast());
    }

    /** Makes this the {@link #current()} run of the calling thread. */
    public void bindToThread() {
        ON_THREAD.set(this);
    }

    /** @return a number no other run of this JVM has */
    long id() {
        return id;
    }

    /** @return whether the run has not ended: its backend serves requests */
    boolean open() {
        return open;
    }

    /** @return where the run's classes read their designs and fixtures, each parsed once */
    public Sources sources() {
        return sources;
    }

    /** @return the tables that application contexts cached across test classes use */
    public SharedTables sharedTables() {
        return sharedTables;
    }

    /**
     * Starts the backend the configuration asks for: an external endpoint, or else the in-process engine. On an
     * external endpoint it first drops, when the endpoint policy or the user says so, the tables that runs which
     * ended left behind, reporting each.
     *
     * @param sources where the run's classes read their designs and fixtures (made first, so that it can read them
     *                while the backend starts)
     */
    public static Run start(ExtensionContext context, Sources sources) {
        Settings.checkWarmUp(context);
        Optional<Boolean> properties = Settings.systemProperties(context);
        return Settings.endpoint(context).map(endpoint -> {
            Backend backend;
            try {
                backend = Backend.external(endpoint, Settings.region(context));
            } catch (IllegalArgumentException e) {
                throw new ExtensionConfigurationException(e.getMessage() + ", or the configuration parameter "
                        + SingleTableTest.REGION_PROPERTY_NAME, e);
            }
            TablePrefix thisRun = TablePrefix.forThisRun();
            if (endpoint.dropsLeftovers(Settings.dropLeftovers(context))) {
                backend.dropLeftovers(thisRun).forEach((table, run) -> {
                    String message = "dropped table " + table + " at " + endpoint + ", left behind by " + run
                            + ", which has ended";
                    LOGGER.log(System.Logger.Level.INFO, message);
                    context.publishReportEntry(SingleTableTest.DROP_LEFTOVERS_PROPERTY_NAME, message);
                });
            }
            return new Run(backend, Settings.tablePrefix(context).orElse(thisRun.value()), properties, sources);
        }).orElseGet(() -> new Run(Backend.embedded(), "", properties, sources));
    }

    /** @return where the tables live */
    public Backend backend() {
        return backend;
    }

    /**
     * @param logicalName a design's table name
     * @return a physical name no other live table of this run has: the prefixed logical name while it is free
     *         (so application code that names the table itself works), else with a counter
     */
    public String claimName(String logicalName) {
        String base = tablePrefix + logicalName;
        for (int n = 1;; n++) {
            String name = n == 1 ? base : base + "-" + n;
            if (names.add(name)) {
                return name;
            }
        }
    }

    /**
     * Creates and seeds a table under a name {@link #claimName claimed} for it; on a failure the name is free again
     * and nothing is left behind.
     *
     * @param design   the design
     * @param fixtures the items to seed
     * @return the table
     */
    public ProvisionedTable provision(TableDesign design, Fixtures fixtures) {
        String name = claimName(design.tableName());
        try {
            return backend.provision(design, name, fixtures.itemMaps());
        } catch (RuntimeException e) {
            releaseName(name);
            throw e;
        }
    }

    /** Frees a name claimed with {@link #claimName}, once its table is gone. */
    public void releaseName(String physicalName) {
        names.remove(physicalName);
    }

    /**
     * Whether a class sets the SDK's system properties: as configured; by default yes, except for a class whose
     * application context has its client beans pointed at the backend already (no socket is needed then).
     *
     * @param beansPointed whether the class's client beans reach the backend without them
     * @return whether {@link #setSystemProperties()} is called for the class
     */
    public boolean wantsSystemProperties(boolean beansPointed) {
        return systemProperties.orElse(!beansPointed);
    }

    /**
     * Points application code that builds its own client at the backend: sets {@code aws.endpointUrlDynamoDb},
     * and {@code aws.region} and (for the engine, which checks no signature) dummy credentials when they are
     * unset. Counted, so parallel classes share one setting; {@link #restoreSystemProperties()} puts back the
     * old values after the last.
     */
    public synchronized void setSystemProperties() {
        if (propertyUsers++ > 0) {
            return;
        }
        savedProperties = new LinkedHashMap<>();
        for (String property : new String[] {ENDPOINT_PROPERTY, REGION_PROPERTY, ACCESS_KEY_PROPERTY,
                SECRET_KEY_PROPERTY}) {
            savedProperties.put(property, System.getProperty(property));
        }
        System.setProperty(ENDPOINT_PROPERTY, backend.endpoint().toString());
        setIfUnset(REGION_PROPERTY, backend.region());
        if (backend.engine().isPresent() && System.getProperty(ACCESS_KEY_PROPERTY) == null
                && System.getProperty(SECRET_KEY_PROPERTY) == null) {
            System.setProperty(ACCESS_KEY_PROPERTY, "singletable");
            System.setProperty(SECRET_KEY_PROPERTY, "singletable");
        }
    }

    private static void setIfUnset(String property, String value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, value);
        }
    }

    /** Undoes {@link #setSystemProperties()} when no other class needs the properties. */
    public synchronized void restoreSystemProperties() {
        if (--propertyUsers > 0) {
            return;
        }
        savedProperties.forEach((property, value) -> {
            if (value == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, value);
            }
        });
        savedProperties = null;
    }

    @Override
    public void close() {
        open = false;
        OPEN.remove(this);
        try {
            sharedTables.close();
        } finally {
            awaitEndpointStart(); // else an endpoint could start on the closed engine, and nothing would stop it
            backend.close();
        }
    }

    private void awaitEndpointStart() {
        Thread start;
        synchronized (this) {
            start = endpointStart;
        }
        if (start != null) {
            Threads.awaitEnd(start);
        }
    }
}
