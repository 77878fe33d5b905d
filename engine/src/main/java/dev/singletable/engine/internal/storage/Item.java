package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.ItemCodec;
import dev.singletable.engine.internal.value.SdkItemEncoder;
import dev.singletable.engine.internal.value.Value;
import java.util.Arrays;
import java.util.Map;

/**
 * A stored item: immutable, in the compact form of {@link ItemCodec} (attributes in the order written), with its
 * DynamoDB size computed once. The table and every index projecting all attributes hold the same instance, and
 * forks share it until they replace it. An item engine.load read also holds its table key ({@link KeyBytes}) after
 * its encoding, in the same array, which the table's tree keys it by: one object fewer per item to hold and for
 * the collector to copy. Readers of the encoding stop at its last attribute, so they never see the key.
 * <p>
 * The first read of its attributes also finds out whether all its strings are plain ASCII that JSON holds as it is
 * ({@link ItemCodec#hasPlainStrings}); the answer is kept in two bits beside the size, so that every response after
 * copies the item's strings instead of looking for characters to escape, at no memory cost. Threads reading the item
 * at once may each work it out and store it: they store the same bits, which the size bits stay unchanged by.
 */
public final class Item {
    private static final byte[] NO_KEY = {};
    /** The bit saying the plain-strings answer is known, and the bit holding it; the size takes the bits below. */
    private static final int STRINGS_KNOWN = 1 << 30;
    private static final int STRINGS_PLAIN = 1 << 29;
    private static final int SIZE_BITS = STRINGS_PLAIN - 1;

    final byte[] encoded;
    /** The size, and from {@link #STRINGS_PLAIN} up whether the strings are plain, once known. */
    private int sizeAndStrings;
    /** Where the key held after the encoding begins; the array's length when the item holds none. */
    final int keyStart;

    private Item(byte[] encoded, int size, int keyStart) {
        if (size > SIZE_BITS) { // items are at most 400 KB; this guards the bits above the size
            throw new IllegalArgumentException("item size " + size);
        }
        this.encoded = encoded;
        this.sizeAndStrings = size;
        this.keyStart = keyStart;
    }

    public static Item of(Map<String, Value> attributes) {
        return of(ItemCodec.encode(attributes));
    }

    /** An item already encoded, with its size. */
    public static Item of(ItemCodec.Encoded encoded) {
        return new Item(encoded.bytes(), (int) encoded.size(), encoded.bytes().length);
    }

    /**
     * The item an encoder has just read ({@code size}: its size), written out of it; when {@code key} is given (the
     * key of its values, which may be null), holding that key's bytes after the encoding, which the table finds
     * there when the item is put under this key.
     */
    public static Item read(SdkItemEncoder encoder, long size, PrimaryKey key) {
        byte[] keyBytes = key == null ? NO_KEY : key.bytes();
        byte[] bytes = encoder.written(keyBytes);
        return new Item(bytes, (int) size, bytes.length - keyBytes.length);
    }

    /** Whether the item holds this key's bytes after its encoding. */
    boolean holdsKey(PrimaryKey key) {
        byte[] keyBytes = key.bytes();
        return keyStart < encoded.length
                && Arrays.equals(encoded, keyStart, encoded.length, keyBytes, 0, keyBytes.length);
    }

    /** The attributes, as a read-only view that decodes what is read of it. */
    public Map<String, Value> attributes() {
        int bits = sizeAndStrings;
        if ((bits & STRINGS_KNOWN) == 0) {
            bits |= STRINGS_KNOWN | (ItemCodec.hasPlainStrings(encoded) ? STRINGS_PLAIN : 0);
            sizeAndStrings = bits;
        }
        return (bits & STRINGS_PLAIN) != 0 ? ItemCodec.viewOfPlainStrings(encoded) : ItemCodec.view(encoded);
    }

    /** One attribute, or null. */
    public Value get(String name) {
        return ItemCodec.get(encoded, name);
    }

    public long size() {
        return sizeAndStrings & SIZE_BITS;
    }

    /** Whether another item holds the same attributes with the same values (in any order). */
    public boolean sameAttributes(Item other) {
        return ItemCodec.sameAttributes(encoded, other.encoded);
    }
}
