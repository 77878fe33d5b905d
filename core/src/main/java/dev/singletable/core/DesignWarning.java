package dev.singletable.core;

import dev.singletable.fixtures.SourceLocation;
import java.util.Objects;
import java.util.Optional;

/**
 * Something in a design that will hurt at scale, found by {@link DesignLint}: what it is, in words, and where it
 * comes from — the entity, attribute, access pattern and index concerned, and the place in the fixtures that shows
 * it. Front ends render it; {@link #toString()} is the one line they print.
 *
 * @param kind      what kind of problem it is
 * @param message   what is wrong and what to do, without the kind and the location
 * @param entity    the entity concerned, if one is
 * @param attribute the attribute concerned, if one is
 * @param pattern   the access pattern concerned, if one is
 * @param index     the index concerned ({@code table} for the table), if one is
 * @param location  the fixture (an item or an expectation) that shows it, if one does
 */
public record DesignWarning(Kind kind, String message, Optional<String> entity, Optional<String> attribute,
        Optional<String> pattern, Optional<String> index, Optional<SourceLocation> location) {

    /** The kinds of warning, each with the words that start its line. */
    public enum Kind {
        /** A number inside a string sort key sorts as text: {@code ORDER#9} after {@code ORDER#10}. */
        UNPADDED_NUMBER("unpadded number"),
        /** One partition key value holds most of the items of the table or an index, and takes their writes. */
        HOT_PARTITION("hot partition"),
        /** A partition larger than the 1 MB one Query page reads. */
        LARGE_PARTITION("large partition"),
        /** An item near DynamoDB's 400 KB limit. */
        LARGE_ITEM("large item"),
        /** An index no access pattern reads, which every write of its items pays for. */
        UNREAD_INDEX("unread index"),
        /** An attribute name that entities give values of different types, in an index that holds both. */
        OVERLOADED_ATTRIBUTE("overloaded attribute"),
        /** An index projects attributes that none of its patterns reads ({@code reads: [...]}). */
        WIDE_PROJECTION("wide projection"),
        /** A pattern reads ({@code reads: [...]}) an attribute its index does not project. */
        UNPROJECTED_READ("unprojected read"),
        /** A pattern's filter discards most of the items its Query reads, and pays for. */
        FILTER_WASTE("filter waste"),
        /** An item collection of a table with local indexes grows toward its 10 GB limit at the stated scale. */
        COLLECTION_GROWTH("collection growth");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** @return the words that start a warning of this kind, e.g. {@code hot partition} */
        public String label() {
            return label;
        }
    }

    /** Validates the components. */
    public DesignWarning {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(entity, "entity");
        Objects.requireNonNull(attribute, "attribute");
        Objects.requireNonNull(pattern, "pattern");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(location, "location");
    }

    /**
     * @return the warning as one line: kind, message and, when a fixture shows it, where, e.g.
     *         {@code hot partition: status=NEW holds 10 of the 10 items of index ByStatus (100%), … (orders.yaml:3:5)}
     */
    @Override
    public String toString() {
        return kind.label() + ": " + message + location.map(at -> " (" + at + ")").orElse("");
    }
}
