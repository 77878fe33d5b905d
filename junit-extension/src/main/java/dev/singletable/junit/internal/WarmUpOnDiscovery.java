package dev.singletable.junit.internal;

import dev.singletable.junit.SingleTableExtension;
import dev.singletable.junit.SingleTableTest;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.MethodSelector;
import org.junit.platform.engine.discovery.NestedClassSelector;
import org.junit.platform.engine.discovery.NestedMethodSelector;
import org.junit.platform.launcher.LauncherDiscoveryListener;
import org.junit.platform.launcher.LauncherDiscoveryRequest;

/**
 * Gives the first table of a JVM a head start: while the launcher discovers the tests — the second or so a cold JVM
 * spends in JUnit before any test class runs, on one core — a daemon thread looks at the classes the request
 * selects and, when one of them declares a table ({@link SingleTableTest @SingleTableTest} or a
 * {@link SingleTableExtension} field), {@linkplain Rehearsal rehearses} the start of a class on a throwaway engine,
 * so that the classes the first test class needs are loaded and initialized on the other core by the time it runs.
 * Nothing of the rehearsal is kept or shared: every class starts exactly as it would without it.
 *
 * <p>The launcher registers it through {@code ServiceLoader}, as JUnit documents for discovery listeners (IDEs,
 * Surefire and Gradle run tests through the launcher). A run that selects no class with a table, or selects tests
 * other than by class or method (a package, a unique id), pays a thread that reads the selected classes' fields
 * and annotations. Once per JVM.
 */
public final class WarmUpOnDiscovery implements LauncherDiscoveryListener {
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    /** Instantiated by the launcher's {@code ServiceLoader}. */
    public WarmUpOnDiscovery() {
    }

    @Override
    public void launcherDiscoveryStarted(LauncherDiscoveryRequest request) {
        List<String> classes = selectedClasses(request);
        if (classes.isEmpty() || !STARTED.compareAndSet(false, true)) {
            return;
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        Thread thread = new Thread(() -> warmUpFor(classes, loader != null ? loader
                : WarmUpOnDiscovery.class.getClassLoader()), "singletable-warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    /** The names of the classes selected, and of the classes enclosing selected nested ones. */
    private static List<String> selectedClasses(LauncherDiscoveryRequest request) {
        List<String> names = new ArrayList<>();
        for (ClassSelector selector : request.getSelectorsByType(ClassSelector.class)) {
            names.add(selector.getClassName());
        }
        for (MethodSelector selector : request.getSelectorsByType(MethodSelector.class)) {
            names.add(selector.getClassName());
        }
        for (NestedClassSelector selector : request.getSelectorsByType(NestedClassSelector.class)) {
            names.addAll(selector.getEnclosingClassNames());
            names.add(selector.getNestedClassName());
        }
        for (NestedMethodSelector selector : request.getSelectorsByType(NestedMethodSelector.class)) {
            names.addAll(selector.getEnclosingClassNames());
            names.add(selector.getNestedClassName());
        }
        return names;
    }

    private static void warmUpFor(List<String> classes, ClassLoader loader) {
        for (String name : classes) {
            if (declaresTable(name, loader)) {
                Rehearsal.run();
                return;
            }
        }
    }

    /**
     * @return whether the class or a superclass carries {@code @SingleTableTest} or has a {@code
     *         SingleTableExtension} field; read without initializing the class, so no user code runs
     */
    static boolean declaresTable(String className, ClassLoader loader) {
        try {
            for (Class<?> c = Class.forName(className, false, loader); c != null && c != Object.class;
                    c = c.getSuperclass()) {
                if (AnnotationSupport.isAnnotated(c, SingleTableTest.class)) {
                    return true;
                }
                for (Field field : c.getDeclaredFields()) {
                    if (field.getType() == SingleTableExtension.class) {
                        return true;
                    }
                }
            }
        } catch (ClassNotFoundException | LinkageError unreadable) {
            // discovery reports a class it cannot load; here it only means no head start
        }
        return false;
    }
}
