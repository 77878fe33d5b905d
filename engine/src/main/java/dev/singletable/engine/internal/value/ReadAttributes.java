package dev.singletable.engine.internal.value;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The attributes of an item as they were read, in their order: a read-only map over two arrays, which a lookup
 * scans. Lighter to make than a hash map for the few attributes an item usually has; an item with many is read
 * into a hash map instead ({@link #MAX_SCANNED}).
 */
final class ReadAttributes extends AbstractMap<String, Value> {
    /** Above this many attributes a lookup by scanning costs more than hashing. */
    static final int MAX_SCANNED = 16;

    private final String[] names;
    private final Value[] values;
    private int size;

    ReadAttributes(int capacity) {
        names = new String[capacity];
        values = new Value[capacity];
    }

    /** Adds an attribute; the reader adds each name once. */
    void add(String name, Value value) {
        names[size] = name;
        values[size++] = value;
    }

    @Override
    public Value get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : values[i];
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    private int indexOf(Object key) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(key)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Set<Entry<String, Value>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Value>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Entry<String, Value> next() {
                        if (next == size) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new SimpleImmutableEntry<>(names[i], values[i]);
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}
