package dev.singletable.engine.internal.storage;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * A sorted map from key bytes ({@link KeyBytes}) to items: a B+tree whose nodes can be shared between trees.
 * A tree changes in place only the nodes it owns; a node it shares with a fork or a snapshot
 * ({@link #share()}) is copied before its first change, with the path above it. So a fork costs nothing when
 * made, and then what it writes: about one leaf and its path per item written, whatever the size of the tree.
 * Not thread-safe: the engine's lock keeps writers apart from each other and from readers.
 */
final class ItemTree {
    /** Entries per leaf and children per inner node, at most: a leaf copied for a write is about 600 bytes. */
    private static final int NODE_SIZE = 64;

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
    /** The item a put replaced or a remove removed: the second result of the recursion that made the change. */
    private Item previous;

    ItemTree() {
        this(NODE_SIZE);
    }

    /** A tree with smaller nodes, so that tests reach several levels with few entries. */
    ItemTree(int nodeSize) {
        this(new Leaf(null, nodeSize), 0, 1, nodeSize);
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

    Item get(byte[] key) {
        Node node = root;
        while (node instanceof Inner inner) {
            node = inner.children[route(inner, key)];
        }
        Leaf leaf = (Leaf) node;
        int i = search(leaf, key);
        return i >= 0 ? leaf.items[i] : null;
    }

    /** Adds or replaces the item under a key; returns the item replaced, or null. */
    Item put(byte[] key, Item item) {
        previous = null;
        root = writable(root);
        Node split = insert(root, key, item);
        if (split != null) {
            Inner top = new Inner(owner, max);
            top.children[0] = root;
            top.keys[1] = split.keys[0];
            top.children[1] = split;
            top.count = 2;
            root = top;
            height++;
        }
        Item replaced = previous;
        previous = null;
        return replaced;
    }

    /** Removes the item under a key; returns it, or null (and copies nothing) when there is none. */
    Item remove(byte[] key) {
        if (get(key) == null) {
            return null;
        }
        root = writable(root);
        delete(root, key);
        while (root instanceof Inner inner && inner.count == 1) {
            root = inner.children[0];
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

    /** Inserts under a node; returns the new right sibling when the node split, else null. */
    private Node insert(Node node, byte[] key, Item item) {
        if (node instanceof Leaf leaf) {
            int i = search(leaf, key);
            if (i >= 0) {
                previous = leaf.items[i];
                leaf.items[i] = item;
                return null;
            }
            size++;
            int at = -i - 1;
            if (leaf.count < max) {
                leaf.insert(at, key, item);
                return null;
            }
            // a leaf filled by appending (keys written in order) stays full; otherwise both halves get room
            int keep = at == max ? max : max / 2;
            Leaf right = leaf.splitAt(keep, owner);
            if (at <= keep && keep < max) {
                leaf.insert(at, key, item);
            } else {
                right.insert(at - keep, key, item);
            }
            return right;
        }
        Inner inner = (Inner) node;
        int i = route(inner, key);
        Node child = writable(inner.children[i]);
        inner.children[i] = child;
        Node split = insert(child, key, item);
        if (split == null) {
            return null;
        }
        int at = i + 1;
        if (inner.count < max) {
            inner.insert(at, split.keys[0], split);
            return null;
        }
        int keep = at == max ? max : max / 2;
        Inner right = inner.splitAt(keep, owner);
        if (at <= keep && keep < max) {
            inner.insert(at, split.keys[0], split);
        } else {
            right.insert(at - keep, split.keys[0], split);
        }
        return right;
    }

    /** Removes a key known to be present under a node, keeping every node but the root at least {@code min} full. */
    private void delete(Node node, byte[] key) {
        if (node instanceof Leaf leaf) {
            int i = search(leaf, key);
            previous = leaf.items[i];
            leaf.removeAt(i);
            return;
        }
        Inner inner = (Inner) node;
        int i = route(inner, key);
        Node child = writable(inner.children[i]);
        inner.children[i] = child;
        delete(child, key);
        if (child.count < min && inner.count > 1) {
            rebalance(inner, i == 0 ? 0 : i - 1);
        }
    }

    /** Merges the children at {@code left} and {@code left + 1}, or shares their entries evenly. */
    private void rebalance(Inner parent, int left) {
        Node a = writable(parent.children[left]);
        Node b = writable(parent.children[left + 1]);
        parent.children[left] = a;
        parent.children[left + 1] = b;
        byte[] separator = parent.keys[left + 1];
        if (a.count + b.count <= max) {
            a.absorb(b, separator);
            parent.removeAt(left + 1);
        } else {
            parent.keys[left + 1] = a.balance(b, separator);
        }
    }

    // ---- search ------------------------------------------------------------------------------------------------

    /** The index of the key in a leaf, or {@code -(insertion point) - 1}. */
    private static int search(Node node, byte[] key) {
        int low = 0;
        int high = node.count - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int c = KeyBytes.compare(node.keys[mid], key);
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
    private static int route(Inner node, byte[] key) {
        int low = 1;
        int high = node.count - 1;
        int found = 0;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (KeyBytes.compare(node.keys[mid], key) <= 0) {
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
     * A node: {@code keys} of a leaf are its entries' keys; of an inner node, {@code keys[i]} (i ≥ 1) separates
     * child i - 1 (keys below it) from child i (keys at or above it), and {@code keys[0]} is unused (after a
     * split, the separator the parent was given).
     */
    private abstract static class Node {
        final Object owner;
        final byte[][] keys;
        int count;

        Node(Object owner, byte[][] keys, int count) {
            this.owner = owner;
            this.keys = keys;
            this.count = count;
        }

        abstract Node copy(Object owner);

        /** Appends a right sibling's entries; {@code separator} is the parent's key between the two. */
        abstract void absorb(Node right, byte[] separator);

        /** Evens out the entries of this node and its right sibling; returns the new separator between them. */
        abstract byte[] balance(Node right, byte[] separator);

        abstract void removeAt(int i);
    }

    private static final class Leaf extends Node {
        final Item[] items;

        Leaf(Object owner, int capacity) {
            this(owner, new byte[capacity][], new Item[capacity], 0);
        }

        private Leaf(Object owner, byte[][] keys, Item[] items, int count) {
            super(owner, keys, count);
            this.items = items;
        }

        @Override
        Leaf copy(Object owner) {
            return new Leaf(owner, keys.clone(), items.clone(), count);
        }

        void insert(int at, byte[] key, Item item) {
            System.arraycopy(keys, at, keys, at + 1, count - at);
            System.arraycopy(items, at, items, at + 1, count - at);
            keys[at] = key;
            items[at] = item;
            count++;
        }

        @Override
        void removeAt(int i) {
            System.arraycopy(keys, i + 1, keys, i, count - i - 1);
            System.arraycopy(items, i + 1, items, i, count - i - 1);
            count--;
            keys[count] = null;
            items[count] = null;
        }

            /** Moves the entries from {@code keep} on into a new leaf. */
        Leaf splitAt(int keep, Object owner) {
            Leaf right = new Leaf(owner, keys.length);
            int n = count - keep;
            System.arraycopy(keys, keep, right.keys, 0, n);
            System.arraycopy(items, keep, right.items, 0, n);
            Arrays.fill(keys, keep, count, null);
            Arrays.fill(items, keep, count, null);
            right.count = n;
            count = keep;
            return right;
        }

        @Override
        void absorb(Node right, byte[] separator) {
            Leaf other = (Leaf) right;
            System.arraycopy(other.keys, 0, keys, count, other.count);
            System.arraycopy(other.items, 0, items, count, other.count);
            count += other.count;
        }

        @Override
        byte[] balance(Node right, byte[] separator) {
            Leaf other = (Leaf) right;
            int total = count + other.count;
            int leftCount = total / 2;
            if (count > leftCount) {
                int n = count - leftCount;
                System.arraycopy(other.keys, 0, other.keys, n, other.count);
                System.arraycopy(other.items, 0, other.items, n, other.count);
                System.arraycopy(keys, leftCount, other.keys, 0, n);
                System.arraycopy(items, leftCount, other.items, 0, n);
                Arrays.fill(keys, leftCount, count, null);
                Arrays.fill(items, leftCount, count, null);
            } else {
                int n = leftCount - count;
                System.arraycopy(other.keys, 0, keys, count, n);
                System.arraycopy(other.items, 0, items, count, n);
                System.arraycopy(other.keys, n, other.keys, 0, other.count - n);
                System.arraycopy(other.items, n, other.items, 0, other.count - n);
                Arrays.fill(other.keys, other.count - n, other.count, null);
                Arrays.fill(other.items, other.count - n, other.count, null);
            }
            other.count = total - leftCount;
            count = leftCount;
            return other.keys[0];
        }
    }

    private static final class Inner extends Node {
        final Node[] children;

        Inner(Object owner, int capacity) {
            this(owner, new byte[capacity][], new Node[capacity], 0);
        }

        private Inner(Object owner, byte[][] keys, Node[] children, int count) {
            super(owner, keys, count);
            this.children = children;
        }

        @Override
        Inner copy(Object owner) {
            return new Inner(owner, keys.clone(), children.clone(), count);
        }

        void insert(int at, byte[] separator, Node child) {
            System.arraycopy(keys, at, keys, at + 1, count - at);
            System.arraycopy(children, at, children, at + 1, count - at);
            keys[at] = separator;
            children[at] = child;
            count++;
        }

        @Override
        void removeAt(int i) {
            System.arraycopy(keys, i + 1, keys, i, count - i - 1);
            System.arraycopy(children, i + 1, children, i, count - i - 1);
            count--;
            keys[count] = null;
            children[count] = null;
        }

        Inner splitAt(int keep, Object owner) {
            Inner right = new Inner(owner, keys.length);
            int n = count - keep;
            System.arraycopy(keys, keep, right.keys, 0, n);
            System.arraycopy(children, keep, right.children, 0, n);
            Arrays.fill(keys, keep, count, null);
            Arrays.fill(children, keep, count, null);
            right.count = n;
            count = keep;
            return right;
        }

        @Override
        void absorb(Node right, byte[] separator) {
            Inner other = (Inner) right;
            System.arraycopy(other.keys, 0, keys, count, other.count);
            System.arraycopy(other.children, 0, children, count, other.count);
            keys[count] = separator;
            count += other.count;
        }

        @Override
        byte[] balance(Node right, byte[] separator) {
            Inner other = (Inner) right;
            int total = count + other.count;
            int leftCount = total / 2;
            byte[] newSeparator;
            if (count > leftCount) {
                int n = count - leftCount;
                System.arraycopy(other.keys, 0, other.keys, n, other.count);
                System.arraycopy(other.children, 0, other.children, n, other.count);
                System.arraycopy(keys, leftCount, other.keys, 0, n);
                System.arraycopy(children, leftCount, other.children, 0, n);
                other.keys[n] = separator;
                newSeparator = other.keys[0];
                Arrays.fill(keys, leftCount, count, null);
                Arrays.fill(children, leftCount, count, null);
            } else {
                int n = leftCount - count;
                other.keys[0] = separator;
                System.arraycopy(other.keys, 0, keys, count, n);
                System.arraycopy(other.children, 0, children, count, n);
                newSeparator = other.keys[n];
                System.arraycopy(other.keys, n, other.keys, 0, other.count - n);
                System.arraycopy(other.children, n, other.children, 0, other.count - n);
                Arrays.fill(other.keys, other.count - n, other.count, null);
                Arrays.fill(other.children, other.count - n, other.count, null);
            }
            other.count = total - leftCount;
            count = leftCount;
            other.keys[0] = newSeparator;
            return newSeparator;
        }
    }

    // ---- reading in order --------------------------------------------------------------------------------------

    /**
     * Walks the leaves from a start bound towards a stop bound, remembering the path from the root so that it
     * moves to the next leaf without links between leaves (which sharing nodes would not allow).
     */
    private final class Cursor implements Iterator<Item> {
        private final Inner[] path = new Inner[height - 1];
        private final int[] positions = new int[height - 1];
        private final byte[] stop;
        private final boolean stopInclusive;
        private final boolean descending;
        private Leaf leaf;
        private int position;

        Cursor(byte[] start, boolean startInclusive, byte[] stop, boolean stopInclusive, boolean descending) {
            this.stop = stop;
            this.stopInclusive = stopInclusive;
            this.descending = descending;
            Node node = root;
            for (int level = 0; node instanceof Inner inner; level++) {
                int i = start != null ? route(inner, start) : descending ? inner.count - 1 : 0;
                path[level] = inner;
                positions[level] = i;
                node = inner.children[i];
            }
            leaf = (Leaf) node;
            if (start == null) {
                position = descending ? leaf.count - 1 : 0;
            } else {
                int i = search(leaf, start);
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
                int c = KeyBytes.compare(leaf.keys[position], stop);
                if (descending ? c < 0 || c == 0 && !stopInclusive : c > 0 || c == 0 && !stopInclusive) {
                    leaf = null;
                }
            }
        }

        /** The next leaf in the direction of travel, or null after the last. */
        private Leaf step() {
            int level = path.length - 1;
            while (level >= 0 && (descending ? positions[level] == 0 : positions[level] == path[level].count - 1)) {
                level--;
            }
            if (level < 0) {
                return null;
            }
            positions[level] += descending ? -1 : 1;
            Node node = path[level].children[positions[level]];
            for (level++; node instanceof Inner inner; level++) {
                int i = descending ? inner.count - 1 : 0;
                path[level] = inner;
                positions[level] = i;
                node = inner.children[i];
            }
            return (Leaf) node;
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
            Item item = leaf.items[position];
            position += descending ? -1 : 1;
            settle();
            return item;
        }
    }
}
