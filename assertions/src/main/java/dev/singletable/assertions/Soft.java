package dev.singletable.assertions;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AssertionErrorCollector;
import org.assertj.core.api.SoftAssertionsProvider;
import org.assertj.core.description.Description;

/**
 * Navigation under soft assertions. AssertJ proxies only the asserts its entry points create, and a proxied
 * navigation method that fails returns {@code null}; so a navigation method collects its own failure and returns a
 * proxied assert on what it found, letting the chain go on and every failure be reported. The asserts that
 * navigate learn their collector from {@link SingleTableSoftAssertionsProvider}.
 */
final class Soft {

    private Soft() {
    }

    /**
     * @param softly      the collector of the navigating assert, {@code null} when it is not soft
     * @param type        the assert class navigated to
     * @param actualType  the type its constructor takes
     * @param actual      what it asserts on
     * @param hard        makes the assert when not soft
     * @param description the navigating assert's description, kept
     * @return the new assert, proxied when soft
     */
    static <A extends AbstractAssert<A, T>, T> A navigate(AssertionErrorCollector softly, Class<A> type,
            Class<? super T> actualType, T actual, Function<T, A> hard, Description description) {
        A next;
        if (softly instanceof SoftAssertionsProvider provider) {
            @SuppressWarnings("unchecked")
            Class<T> exact = (Class<T>) actualType;
            next = provider.proxy(type, exact, actual);
        } else {
            next = hard.apply(actual);
        }
        return next.describedAs(description);
    }

    /**
     * Reports a failure of a navigation method: thrown when not soft, collected when soft.
     *
     * @param softly the collector, {@code null} when not soft
     * @param error  the failure
     */
    static void fail(AssertionErrorCollector softly, AssertionError error) {
        if (softly == null) {
            throw error;
        }
        softly.collectAssertionError(error);
    }

    // The proxies find an assert's constructor by the erased type of its argument.
    @SuppressWarnings({"unchecked", "rawtypes"})
    static <T> Class<List<T>> listType() {
        return (Class) List.class;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static <K, V> Class<Map<K, V>> mapType() {
        return (Class) Map.class;
    }
}
