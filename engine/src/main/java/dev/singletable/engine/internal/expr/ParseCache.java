package dev.singletable.engine.internal.expr;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Parsed expressions by their text, so that a text is lexed and parsed once however many requests write it.
 * What it keeps depends on the text alone (placeholders stay unbound), so one cache serves every request and
 * every engine of the JVM; a text that fails to parse throws and is not kept.
 *
 * <p>Bounded by two generations of at most {@value #GENERATION} texts: when the young one is full it becomes the
 * old one and the former old one is dropped, and a text found in the old generation moves back to the young.
 * Texts in use survive; a client that writes ever new texts costs at most two generations of memory (texts are
 * at most 4 KB), and a miss costs only a parse. Lookups take no lock. Nothing here needs a cache library's
 * precise eviction, weights or statistics.
 */
final class ParseCache<T> {
    static final int GENERATION = 256;

    private final Function<String, T> parse;
    private volatile Map<String, T> young = new ConcurrentHashMap<>();
    private volatile Map<String, T> old = Map.of();

    ParseCache(Function<String, T> parse) {
        this.parse = parse;
    }

    /** The parse of the text, from the cache or parsed now; a parse that throws is not cached. */
    T get(String text) {
        T parsed = young.get(text);
        if (parsed != null) {
            return parsed;
        }
        parsed = old.get(text);
        if (parsed == null) {
            parsed = parse.apply(text);
        }
        keep(text, parsed);
        return parsed;
    }

    /** How many texts the cache holds (a text may briefly be in both generations). */
    int size() {
        return young.size() + old.size();
    }

    private void keep(String text, T parsed) {
        Map<String, T> current = young;
        if (current.size() >= GENERATION) {
            synchronized (this) {
                if (young == current) { // no other thread turned the generation over meanwhile
                    old = current;
                    young = new ConcurrentHashMap<>();
                }
                current = young;
            }
        }
        current.put(text, parsed);
    }
}
