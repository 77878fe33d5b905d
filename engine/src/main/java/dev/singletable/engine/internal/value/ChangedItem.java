package dev.singletable.engine.internal.value;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An item as an update leaves it: the item it started from with some top-level attributes set or removed. Reads of
 * an attribute answer from the changes, else from the base, so that an update of one attribute of a stored item
 * decodes only what it reads; iteration gives what a {@code LinkedHashMap} copy of the base with the same puts and
 * removals would: the base's order, a changed attribute in its place, a new one after the rest in the order set.
 * {@link #encode(long)} writes it from the base's encoding, copying every untouched attribute's bytes as they are.
 * An attribute removed is not set again (an update's paths do not overlap), so each keeps its place.
 */
public final class ChangedItem extends AbstractMap<String, Value> {
    private final Map<String, Value> base;
    /** The attributes set (a value) or removed (null), in the order first changed. */
    private final Map<String, Value> changes = new LinkedHashMap<>();

    public ChangedItem(Map<String, Value> base) {
        this.base = base;
    }

    /** Sets a top-level attribute. */
    public void set(String name, Value value) {
        changes.put(name, value);
    }

    /** Removes a top-level attribute, if present. */
    public void unset(String name) {
        changes.put(name, null);
    }

    @Override
    public Value get(Object key) {
        return changes.containsKey(key) ? changes.get(key) : base.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return changes.containsKey(key) ? changes.get(key) != null : base.containsKey(key);
    }

    @Override
    public int size() {
        int size = base.size();
        for (Map.Entry<String, Value> change : changes.entrySet()) {
            boolean inBase = base.containsKey(change.getKey());
            if (inBase && change.getValue() == null) {
                size--;
            } else if (!inBase && change.getValue() != null) {
                size++;
            }
        }
        return size;
    }

    @Override
    public Set<Entry<String, Value>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Value>> iterator() {
                List<Entry<String, Value>> entries = new ArrayList<>(base.size() + changes.size());
                for (Entry<String, Value> entry : base.entrySet()) {
                    String name = entry.getKey();
                    if (!changes.containsKey(name)) {
                        entries.add(entry);
                    } else if (changes.get(name) != null) {
                        entries.add(new SimpleImmutableEntry<>(name, changes.get(name)));
                    }
                }
                for (Entry<String, Value> change : changes.entrySet()) {
                    if (change.getValue() != null && !base.containsKey(change.getKey())) {
                        entries.add(new SimpleImmutableEntry<>(change));
                    }
                }
                return Collections.unmodifiableList(entries).iterator();
            }

            @Override
            public int size() {
                return ChangedItem.this.size();
            }
        };
    }

    /**
     * The changed item encoded, with its size; {@code baseSize} is the base's size. From an encoded base (a view of
     * a stored item) only the changed attributes are measured and written, the rest copied; the size is the base's,
     * less the replaced attributes', plus the new ones'.
     */
    public ItemCodec.Encoded encode(long baseSize) {
        return ItemCodec.isView(base) ? ItemCodec.splice(base, baseSize, changes) : ItemCodec.encode(this);
    }
}
