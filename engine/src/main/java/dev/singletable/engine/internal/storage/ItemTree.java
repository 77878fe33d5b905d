package dev.singletable.engine.internal.storage;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * A sorted map from key bytes ({@link KeyBytes}) to items: a B+tree whose nodes can be shared between trees.
 * A key is the end of an array from a start offset: its own array, or the end of the item's bytes when the item
 * holds its key ({@link Item#holdsKey}), so that such an item and its key are one object.
 * A tree changes in place only the nodes it owns; a node it shares with a fork or a snapshot
 * ({@link #share()}) is copied before its first change, with the path above it. So a fork costs nothing when
 * made, and then what it writes: about one leaf and its path per item written, whatever the size of the tree.
 * Not thread-safe: the engine's lock keeps writers apart from each other and from readers.
 */
final class ItemTree {
    /** Entries per leaf and children per inner node, at most: a node copied for a write is about 300 bytes. */
    private static final int NODE_SIZE = 32;

    /** Entries per node, at most. */
    private final int max;
    /** Below this a node is merged with or refilled from a sibling. */
    private final int min;

    private Node root;
    private int size;
    /** Levels of nodes: 1 while the root is a leaf. */
    private int height;
    /** The mark of the nodes this tree may change in place; a fresh mark disowns every node there is. */
    private Object owner = new Object();
    /** The item a remove removed: the second result of the recursion that made the change. */
    private Item previous;

    ItemTree() {
        this(NODE_SIZE);
    }

    /** A tree with smaller nodes, so that tests reach several levels with few entries. */
    ItemTree(int nodeSize) {
        this(new Node(null, true, nodeSize), 0, 1, nodeSize);
    }

    private ItemTree(Node root, int size, int height, int nodeSize) {
        this.root = root;
        this.size = size;
        this.height = height;
        this.max = nodeSize;
        this.min = nodeSize / 4;
    }

    int size() {
        return size;
    }

    /**
     * A tree with the same entries, sharing every node with this one, made in constant time. From now on neither
     * tree changes a node in place that the other can see.
     */
    ItemTree share() {
        owner = new Object();
        return new ItemTree(root, size, height, max);
    }

    /** Makes this tree hold what a shared tree holds, in constant time; the shared tree stays as it is. */
    void restore(ItemTree snapshot) {
        root = snapshot.root;
        size = snapshot.size;
        height = snapshot.height;
        owner = new Object();
    }

    /** Whether this tree holds what a shared tree held when shared: any change since copies the root. */
    boolean unchangedSince(ItemTree snapshot) {
        return root == snapshot.root;
    }

    Item get(byte[] key) {
        int prefix = KeyBytes.prefix(key, 0);
        Node node = root;
        while (!node.leaf) {
            node = node.child(route(node, key, 0, prefix));
        }
        int i = search(node, key, 0, prefix);
        return i >= 0 ? node.item(i) : null;
    }

    /** Adds or replaces the item under a key; returns the item replaced, or null. */
    Item put(byte[] key, Item item) {
        return put(key, 0, item);
    }

    /**
     * Adds or replaces the item under the key that ends {@code keyArray} from {@code keyStart}. A loop down and one
     * back up, not a recursion: the JIT inlines a recursion into itself, and compiling that (24–34 KB of code) took
     * its second tier 104–163 ms of a young test JVM's time.
     */
    Item put(byte[] keyArray, int keyStart, Item item) {
        int prefix = KeyBytes.prefix(keyArray, keyStart);
        Node[] parents = new Node[height - 1];
        int[] slots = new int[height - 1];
        root = writable(root);
        Node node = root;
        for (int level = 0; !node.leaf; level++) {
            int i = route(node, keyArray, keyStart, prefix);
            Node child = writable(node.child(i));
            node.values[i] = child;
            parents[level] = node;
            slots[level] = i;
            node = child;
        }
        int i = search(node, keyArray, keyStart, prefix);
        if (i >= 0) {
            Item replaced = node.item(i);
            node.values[i] = item;
            return replaced;
        }
        size++;
        int at = -i - 1;
        byte[] key = keyArray;
        int start = keyStart;
        Object value = item;
        for (int level = height - 1; ; level--) {
            Node split = place(node, at, key, start, value);
            if (split == null) {
                return null;
            }
            if (level == 0) {
                Node top = new Node(owner, false, max);
                top.insert(0, null, 0, root);
                top.insert(1, split.keys[0], split.starts[0], split);
                root = top;
                height++;
                return null;
            }
            node = parents[level - 1];
            at = slots[level - 1] + 1;
            key = split.keys[0];
            start = split.starts[0];
            value = split;
        }
    }

    /** Removes the item under a key; returns it, or null (and copies nothing) when there is none. */
    Item remove(byte[] key) {
        if (get(key) == null) {
            return null;
        }
        root = writable(root);
        delete(root, key, KeyBytes.prefix(key, 0));
        while (!root.leaf && root.count == 1) {
            root = root.child(0);
            height--;
        }
        size--;
        Item removed = previous;
        previous = null;
        return removed;
    }

    /**
     * The items with keys between two bounds (null: open), in key order or reversed. Lazy: reading the first
     * item costs a descent, each further one a step. The tree must not change while the iterator is in use.
     */
    Iterator<Item> range(byte[] from, boolean fromInclusive, byte[] to, boolean toInclusive, boolean descending) {
        return descending ? new Cursor(to, toInclusive, from, fromInclusive, true)
                : new Cursor(from, fromInclusive, to, toInclusive, false);
    }

    // ---- changes -----------------------------------------------------------------------------------------------

    private Node writable(Node node) {
        return node.owner == owner ? node : node.copy(owner);
    }

    /** Puts an entry at {@code at} in a node; returns the new right sibling when the node was full, else null. */
    private Node place(Node node, int at, byte[] key, int start, Object value) {
        if (node.count < max) {
            node.insert(at, key, start, value);
            return null;
        }
        // a node filled by appending (keys written in order) stays full; otherwise both halves get room
        int keep = at == max ? max : max / 2;
        Node right = node.splitAt(keep, owner);
        if (at <= keep && keep < max) {
            node.insert(at, key, start, value);
        } else {
            right.insert(at - keep, key, start, value);
        }
        return right;
    }

    /** Removes a key known to be present under a node, keeping every node but the root at least {@code min} full. */
    private void delete(Node node, byte[] key, int prefix) {
        if (node.leaf) {
            int i = search(node, key, 0, prefix);
            previous = node.item(i);
            node.removeAt(i);
            return;
        }
        int i = route(node, key, 0, prefix);
        Node child = writable(node.child(i));
        node.values[i] = child;
        delete(child, key, prefix);
        if (child.count < min && node.count > 1) {
            rebalance(node, i == 0 ? 0 : i - 1);
        }
    }

    /** Merges the children at {@code left} and {@code left + 1}, or shares their entries evenly. */
    private void rebalance(Node parent, int left) {
        Node a = writable(parent.child(left));
        Node b = writable(parent.child(left + 1));
        parent.values[left] = a;
        parent.values[left + 1] = b;
        if (a.count + b.count <= max) {
            a.absorb(b, parent.keys[left + 1], parent.starts[left + 1]);
            parent.removeAt(left + 1);
        } else {
            a.balance(b, parent.keys[left + 1], parent.starts[left + 1]);
            parent.setKey(left + 1, b.keys[0], b.starts[0]);
        }
    }

    // ---- search ------------------------------------------------------------------------------------------------

    /**
     * The index of the key (the end of {@code key} from {@code start}, whose {@link KeyBytes#prefix} is given) in a
     * leaf, or {@code -(insertion point) - 1}.
     */
    private static int search(Node node, byte[] key, int start, int prefix) {
        int low = 0;
        int high = node.count - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int c = node.compare(mid, key, start, prefix);
            if (c < 0) {
                low = mid + 1;
            } else if (c > 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -low - 1;
    }

    /** The child of an inner node whose keys can include the key: the last whose separator is at most it. */
    private static int route(Node node, byte[] key, int start, int prefix) {
        int low = 1;
        int high = node.count - 1;
        int found = 0;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (node.compare(mid, key, start, prefix) <= 0) {
                found = mid;
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return found;
    }

    // ---- nodes -------------------------------------------------------------------------------------------------

    /**
     * A node. A leaf's values are items and its keys theirs. An inner node's values are its children, and
     * {@code keys[i]} (i ≥ 1) separates child i - 1 (keys below it) from child i (keys at or above it);
     * {@code keys[0]} is not used to route (after a split it is the separator the parent was given). Key i is
     * {@code keys[i]} from {@code starts[i]} to its end.
     */
    private static final class Node {
        final Object owner;
        final boolean leaf;
        final byte[][] keys;
        final int[] starts;
        /**
         * The {@link KeyBytes#prefix} of each key, side by side, so that a search compares most keys without
         * reading them: keys of different partitions differ there.
         */
        final int[] prefixes;
        final Object[] values;
        int count;

        Node(Object owner, boolean leaf, int capacity) {
            this(owner, leaf, new byte[capacity][], new int[capacity], new int[capacity], new Object[capacity], 0);
        }

        private Node(Object owner, boolean leaf, byte[][] keys, int[] starts, int[] prefixes, Object[] values,
                     int count) {
            this.owner = owner;
            this.leaf = leaf;
            this.keys = keys;
            this.starts = starts;
            this.prefixes = prefixes;
            this.values = values;
            this.count = count;
        }

        /** Key i against a key (from {@code start}) with the given prefix, as {@link KeyBytes#compare}. */
        int compare(int i, byte[] key, int start, int prefix) {
            int c = Integer.compareUnsigned(prefixes[i], prefix);
            return c != 0 ? c : KeyBytes.compare(keys[i], starts[i], key, start);
        }

        void setKey(int i, byte[] key, int start) {
            keys[i] = key;
            starts[i] = start;
            prefixes[i] = key == null ? 0 : KeyBytes.prefix(key, start);
        }

        Item item(int i) {
            return (Item) values[i];
        }

        Node child(int i) {
            return (Node) values[i];
        }

        Node copy(Object newOwner) {
            return new Node(newOwner, leaf, keys.clone(), starts.clone(), prefixes.clone(), values.clone(), count);
        }

        void insert(int at, byte[] key, int start, Object value) {
            System.arraycopy(keys, at, keys, at + 1, count - at);
            System.arraycopy(starts, at, starts, at + 1, count - at);
            System.arraycopy(prefixes, at, prefixes, at + 1, count - at);
            System.arraycopy(values, at, values, at + 1, count - at);
            setKey(at, key, start);
            values[at] = value;
            count++;
        }

        void removeAt(int i) {
            System.arraycopy(keys, i + 1, keys, i, count - i - 1);
            System.arraycopy(starts, i + 1, starts, i, count - i - 1);
            System.arraycopy(prefixes, i + 1, prefixes, i, count - i - 1);
            System.arraycopy(values, i + 1, values, i, count - i - 1);
            count--;
            keys[count] = null;
            values[count] = null;
        }

        /** Moves the entries from {@code keep} on into a new node. */
        Node splitAt(int keep, Object newOwner) {
            Node right = new Node(newOwner, leaf, keys.length);
            right.count = count - keep;
            System.arraycopy(keys, keep, right.keys, 0, right.count);
            System.arraycopy(starts, keep, right.starts, 0, right.count);
            System.arraycopy(prefixes, keep, right.prefixes, 0, right.count);
            System.arraycopy(values, keep, right.values, 0, right.count);
            clear(keep, count);
            count = keep;
            return right;
        }

        /** Appends a right sibling's entries; {@code separator} (from its start) is the parent's key between them. */
        void absorb(Node right, byte[] separator, int separatorStart) {
            System.arraycopy(right.keys, 0, keys, count, right.count);
            System.arraycopy(right.starts, 0, starts, count, right.count);
            System.arraycopy(right.prefixes, 0, prefixes, count, right.count);
            System.arraycopy(right.values, 0, values, count, right.count);
            if (!leaf) {
                setKey(count, separator, separatorStart); // what routed to the right node's first child
            }
            count += right.count;
        }

        /**
         * Evens out the entries of this node and its right sibling, given the parent's separator between them (from
         * its start); the right sibling's first key is then the new separator.
         */
        void balance(Node right, byte[] separator, int separatorStart) {
            int total = count + right.count;
            int leftCount = total / 2;
            if (count > leftCount) { // move the last n entries to the front of the right node
                int n = count - leftCount;
                System.arraycopy(right.keys, 0, right.keys, n, right.count);
                System.arraycopy(right.starts, 0, right.starts, n, right.count);
                System.arraycopy(right.prefixes, 0, right.prefixes, n, right.count);
                System.arraycopy(right.values, 0, right.values, n, right.count);
                System.arraycopy(keys, leftCount, right.keys, 0, n);
                System.arraycopy(starts, leftCount, right.starts, 0, n);
                System.arraycopy(prefixes, leftCount, right.prefixes, 0, n);
                System.arraycopy(values, leftCount, right.values, 0, n);
                if (!leaf) {
                    right.setKey(n, separator, separatorStart); // routes to the right node's former first child
                }
                clear(leftCount, count);
            } else { // move the first n entries of the right node to the end of this one
                int n = leftCount - count;
                if (!leaf) {
                    right.setKey(0, separator, separatorStart); // routes to the right node's first child, now here
                }
                System.arraycopy(right.keys, 0, keys, count, n);
                System.arraycopy(right.starts, 0, starts, count, n);
                System.arraycopy(right.prefixes, 0, prefixes, count, n);
                System.arraycopy(right.values, 0, values, count, n);
                System.arraycopy(right.keys, n, right.keys, 0, right.count - n);
                System.arraycopy(right.starts, n, right.starts, 0, right.count - n);
                System.arraycopy(right.prefixes, n, right.prefixes, 0, right.count - n);
                System.arraycopy(right.values, n, right.values, 0, right.count - n);
                right.clear(right.count - n, right.count);
            }
            right.count = total - leftCount;
            count = leftCount;
        }

        private void clear(int from, int to) {
            Arrays.fill(keys, from, to, null);
            Arrays.fill(values, from, to, null);
        }
    }

    // ---- reading in order --------------------------------------------------------------------------------------

    /**
     * Walks the leaves from a start bound towards a stop bound, remembering the path from the root so that it
     * moves to the next leaf without links between leaves (which sharing nodes would not allow).
     */
    private final class Cursor implements Iterator<Item> {
        private final Node[] path = new Node[height - 1];
        private final int[] positions = new int[height - 1];
        private final byte[] stop;
        private final boolean stopInclusive;
        private final boolean descending;
        private Node leaf;
        private int position;

        Cursor(byte[] start, boolean startInclusive, byte[] stop, boolean stopInclusive, boolean descending) {
            this.stop = stop;
            this.stopInclusive = stopInclusive;
            this.descending = descending;
            int startPrefix = start == null ? 0 : KeyBytes.prefix(start, 0);
            Node node = root;
            for (int level = 0; !node.leaf; level++) {
                int i = start != null ? route(node, start, 0, startPrefix) : descending ? node.count - 1 : 0;
                path[level] = node;
                positions[level] = i;
                node = node.child(i);
            }
            leaf = node;
            if (start == null) {
                position = descending ? leaf.count - 1 : 0;
            } else {
                int i = search(leaf, start, 0, startPrefix);
                if (descending) {
                    position = i >= 0 ? (startInclusive ? i : i - 1) : -i - 2;
                } else {
                    position = i >= 0 ? (startInclusive ? i : i + 1) : -i - 1;
                }
            }
            settle();
        }

        /** Moves off the end of a leaf to the next leaf in the direction of travel, or ends. */
        private void settle() {
            while (leaf != null && (position < 0 || position >= leaf.count)) {
                leaf = step();
                if (leaf != null) {
                    position = descending ? leaf.count - 1 : 0;
                }
            }
            if (leaf != null && stop != null) {
                int c = KeyBytes.compare(leaf.keys[position], leaf.starts[position], stop, 0);
                if (descending ? c < 0 || c == 0 && !stopInclusive : c > 0 || c == 0 && !stopInclusive) {
                    leaf = null;
                }
            }
        }

        /** The next leaf in the direction of travel, or null after the last. */
        private Node step() {
            int level = path.length - 1;
            while (level >= 0 && (descending ? positions[level] == 0 : positions[level] == path[level].count - 1)) {
                level--;
            }
            if (level < 0) {
                return null;
            }
            positions[level] += descending ? -1 : 1;
            Node node = path[level].child(positions[level]);
            for (level++; !node.leaf; level++) {
                int i = descending ? node.count - 1 : 0;
                path[level] = node;
                positions[level] = i;
                node = node.child(i);
            }
            return node;
        }

        @Override
        public boolean hasNext() {
            return leaf != null;
        }

        @Override
        public Item next() {
            if (leaf == null) {
                throw new NoSuchElementException();
            }
            Item item = leaf.item(position);
            position += descending ? -1 : 1;
            settle();
            return item;
        }
    }
}
