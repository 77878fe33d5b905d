package dev.singletable.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.math.BigDecimal;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Item sizes and capacity units as DynamoDB counts them: an item's size is the sum, over its attributes, of the
 * UTF-8 length of the name and the size of the value; a write unit covers 1 KB, a read unit 4 KB.
 */
final class ItemSizes {
    /** DynamoDB's largest item, 400 KB. */
    static final int MAX_ITEM_BYTES = 400 * 1024;
    private static final int WRITE_UNIT_BYTES = 1024;
    private static final int READ_UNIT_BYTES = 4096;
    /** Lists and maps cost 3 bytes, and each element 1 byte more than its value. */
    private static final int DOCUMENT_OVERHEAD = 3;

    private ItemSizes() {
    }

    static long size(Map<String, AttributeValue> item) {
        long size = 0;
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            size += utf8(attribute.getKey()) + size(attribute.getValue());
        }
        return size;
    }

    /** Write capacity units to write the item (a standard, not transactional, write). */
    static long writeUnits(long size) {
        return Math.max(1, (size + WRITE_UNIT_BYTES - 1) / WRITE_UNIT_BYTES);
    }

    /** Read capacity units to read the item with a strongly consistent GetItem. */
    static long readUnits(long size) {
        return Math.max(1, (size + READ_UNIT_BYTES - 1) / READ_UNIT_BYTES);
    }

    private static long size(AttributeValue value) {
        return switch (value.type()) {
            case S -> utf8(value.s());
            case N -> numberSize(value.n());
            case B -> value.b().asByteArrayUnsafe().length;
            case SS -> value.ss().stream().mapToLong(ItemSizes::utf8).sum();
            case NS -> value.ns().stream().mapToLong(ItemSizes::numberSize).sum();
            case BS -> value.bs().stream().mapToLong(b -> b.asByteArrayUnsafe().length).sum();
            case L -> DOCUMENT_OVERHEAD + value.l().stream().mapToLong(v -> 1 + size(v)).sum();
            case M -> DOCUMENT_OVERHEAD + value.m().entrySet().stream()
                    .mapToLong(e -> 1 + utf8(e.getKey()) + size(e.getValue())).sum();
            case BOOL, NUL, UNKNOWN_TO_SDK_VERSION -> 1;
        };
    }

    /** One byte per two significant digits, plus one. */
    private static long numberSize(String number) {
        BigDecimal value = new BigDecimal(number).stripTrailingZeros();
        int digits = value.signum() == 0 ? 1 : value.precision();
        return (digits + 1) / 2 + 1;
    }

    private static long utf8(String text) {
        return text.getBytes(UTF_8).length;
    }
}
