package dev.singletable.junit.internal;

import dev.singletable.junit.SingleTableExtension;
import dev.singletable.junit.SingleTableTest;
import java.lang.reflect.Field;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.ReflectionSupport;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.ClasspathRootSelector;
import org.junit.platform.engine.discovery.MethodSelector;
import org.junit.platform.engine.discovery.NestedClassSelector;
import org.junit.platform.engine.discovery.NestedMethodSelector;
import org.junit.platform.engine.discovery.PackageSelector;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.junit.platform.launcher.LauncherDiscoveryListener;
import org.junit.platform.launcher.LauncherDiscoveryRequest;

/**
 * Gives the first table of a JVM a head start: while the launcher discovers the tests — the second or so a cold JVM
 * spends in JUnit before any test class runs, on one core — a daemon thread looks at what the request selects and,
 * when a selected class declares a table ({@link SingleTableTest @SingleTableTest} or a {@link SingleTableExtension}
 * field), {@linkplain Rehearsal rehearses} the start of a class on a throwaway engine, so that the classes the first
 * test class needs are loaded and initialized on the other core by the time it runs. Nothing of the rehearsal is
 * kept or shared: every class starts exactly as it would without it.
 *
 * <p>Selections of classes, methods, packages, class path roots and unique ids (an IDE's rerun of failed tests)
 * are looked at; for a package or a root the thread lists its classes, as discovery does. The configuration
 * parameter {@value SingleTableTest#WARM_UP_PROPERTY_NAME}{@code =false} turns it off. The launcher registers it
 * through {@code ServiceLoader}, as JUnit documents for discovery listeners (IDEs, Surefire and Gradle run tests
 * through the launcher). Once per JVM.
 */
public final class WarmUpOnDiscovery implements LauncherDiscoveryListener {
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    /** The segment types of JUnit Jupiter's unique ids that name a class, and a class nested in the one before. */
    private static final String CLASS_SEGMENT = "class";
    private static final String NESTED_CLASS_SEGMENT = "nested-class";

    private final Runnable rehearsal;
    private final AtomicBoolean started;
    /** The thread of the warm-up this listener started, if it did. */
    private volatile Thread thread;

    /** Instantiated by the launcher's {@code ServiceLoader}: rehearses once per JVM. */
    public WarmUpOnDiscovery() {
        this(new Runnable() { // not a lambda: a lambda's first call costs the launcher's thread in a cold JVM
            @Override
            public void run() {
                Rehearsal.run();
            }
        }, STARTED);
    }

    /**
     * @param rehearsal what a selection with a table runs
     * @param started   set by the first warm-up of all the listeners that share it
     */
    WarmUpOnDiscovery(Runnable rehearsal, AtomicBoolean started) {
        this.rehearsal = rehearsal;
        this.started = started;
    }

    /**
     * Starts the warm-up thread, unless switched off or a discovery of this JVM rehearsed already: only that and the
     * switch happen on the launcher's thread, ahead of the first class; what the request selects is looked at on the
     * warm-up thread.
     */
    @Override
    public void launcherDiscoveryStarted(LauncherDiscoveryRequest request) {
        if (started.get()) {
            return; // a later discovery (a rerun in the IDE's JVM) would only list its classes again
        }
        Optional<String> switched = request.getConfigurationParameters().get(SingleTableTest.WARM_UP_PROPERTY_NAME);
        if (switched.isPresent() && !switched.get().trim().equalsIgnoreCase("true")) {
            return; // false; a value that is neither fails the run's classes, naming the parameter (Run.start)
        }
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        ClassLoader loader = context != null ? context : WarmUpOnDiscovery.class.getClassLoader();
        Thread warmUp = new Thread(() -> warmUp(request, loader), "singletable-warm-up");
        warmUp.setDaemon(true);
        thread = warmUp;
        warmUp.start();
    }

    /** Rehearses when the request selects a class with a table, unless another discovery of the JVM did. */
    private void warmUp(LauncherDiscoveryRequest request, ClassLoader loader) {
        if (Selection.of(request).declaresTable(loader) && started.compareAndSet(false, true)) {
            rehearsal.run();
        }
    }

    /** @return the warm-up thread this listener started, or null */
    Thread thread() {
        return thread;
    }

    /** What a discovery request selects that may hold a class with a table. */
    private record Selection(List<String> classes, List<String> packages, List<URI> roots) {

        static Selection of(LauncherDiscoveryRequest request) {
            List<String> classes = new ArrayList<>();
            for (ClassSelector selector : request.getSelectorsByType(ClassSelector.class)) {
                classes.add(selector.getClassName());
            }
            for (MethodSelector selector : request.getSelectorsByType(MethodSelector.class)) {
                classes.add(selector.getClassName());
            }
            for (NestedClassSelector selector : request.getSelectorsByType(NestedClassSelector.class)) {
                classes.addAll(selector.getEnclosingClassNames());
                classes.add(selector.getNestedClassName());
            }
            for (NestedMethodSelector selector : request.getSelectorsByType(NestedMethodSelector.class)) {
                classes.addAll(selector.getEnclosingClassNames());
                classes.add(selector.getNestedClassName());
            }
            for (UniqueIdSelector selector : request.getSelectorsByType(UniqueIdSelector.class)) {
                classes.addAll(classesIn(selector.getUniqueId()));
            }
            List<String> packages = new ArrayList<>();
            for (PackageSelector selector : request.getSelectorsByType(PackageSelector.class)) {
                packages.add(selector.getPackageName());
            }
            List<URI> roots = new ArrayList<>();
            for (ClasspathRootSelector selector : request.getSelectorsByType(ClasspathRootSelector.class)) {
                roots.add(selector.getClasspathRoot());
            }
            return new Selection(classes, packages, roots);
        }

        /**
         * The classes a Jupiter unique id names, {@code [engine:junit-jupiter]/[class:a.B]/[nested-class:C]/...}:
         * {@code a.B} and {@code a.B$C}, also when a suite's id holds it. Ids of other engines name none.
         */
        private static List<String> classesIn(UniqueId id) {
            List<String> names = new ArrayList<>();
            String enclosing = null;
            for (UniqueId.Segment segment : id.getSegments()) {
                if (segment.getType().equals(CLASS_SEGMENT)) {
                    enclosing = segment.getValue();
                    names.add(enclosing);
                } else if (segment.getType().equals(NESTED_CLASS_SEGMENT) && enclosing != null) {
                    enclosing = enclosing + "$" + segment.getValue();
                    names.add(enclosing);
                }
            }
            return names;
        }

        /** @return whether a selected class declares a table: the named ones first, then those listed */
        boolean declaresTable(ClassLoader loader) {
            for (String name : classes) {
                if (WarmUpOnDiscovery.declaresTable(name, loader)) {
                    return true;
                }
            }
            Predicate<Class<?>> withTable = WarmUpOnDiscovery::declaresTable;
            try {
                for (String name : packages) {
                    if (!ReflectionSupport.findAllClassesInPackage(name, withTable, any -> true).isEmpty()) {
                        return true;
                    }
                }
                for (URI root : roots) {
                    if (!ReflectionSupport.findAllClassesInClasspathRoot(root, withTable, any -> true).isEmpty()) {
                        return true;
                    }
                }
            } catch (RuntimeException unreadable) {
                // discovery reports a package or root it cannot read; here it only means no head start
            }
            return false;
        }
    }

    /**
     * @return whether the class or a superclass carries {@code @SingleTableTest} or has a {@code
     *         SingleTableExtension} field; read without initializing the class, so no user code runs
     */
    static boolean declaresTable(String className, ClassLoader loader) {
        try {
            return declaresTable(Class.forName(className, false, loader));
        } catch (ClassNotFoundException | LinkageError unreadable) {
            // discovery reports a class it cannot load; here it only means no head start
            return false;
        }
    }

    private static boolean declaresTable(Class<?> type) {
        try {
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                if (AnnotationSupport.isAnnotated(c, SingleTableTest.class)) {
                    return true;
                }
                for (Field field : c.getDeclaredFields()) {
                    if (field.getType() == SingleTableExtension.class) {
                        return true;
                    }
                }
            }
        } catch (LinkageError unreadable) {
            // a field's type that cannot be loaded: discovery reports it
        }
        return false;
    }
}
