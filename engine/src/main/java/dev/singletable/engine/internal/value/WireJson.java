package dev.singletable.engine.internal.value;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import com.fasterxml.jackson.databind.node.ValueNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;

/**
 * The JSON of requests and of what the engine stores: read and written with Jackson's streaming parser and
 * generator, and the mapper for the rest. Jackson refuses object keys longer than 50,000 characters by default, but
 * an attribute name may take up to 65,535 bytes; with no limit of the parser's own, a longer name reaches the
 * engine's check and is refused with DynamoDB's message.
 */
public final class WireJson {
    /** Parsers and generators of the wire. */
    public static final JsonFactory FACTORY = factory();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private WireJson() {
    }

    /**
     * @return the mapper, for the bodies the streaming reader leaves to it, nodes it does not write and the
     *         journal: made on first use, as setting one up takes a cold JVM about a tenth of a second, which a
     *         run whose requests the streaming reader and writer handle never needs
     */
    public static ObjectMapper mapper() {
        return Mapper.INSTANCE;
    }

    private static JsonFactory factory() {
        return JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNameLength(Integer.MAX_VALUE).build())
                .build();
    }

    /** Holds the mapper, made when the class is first used; it has a factory of its own, which it configures. */
    private static final class Mapper {
        static final ObjectMapper INSTANCE = JsonMapper.builder(factory()).build();
    }

    /**
     * A request body read as {@code mapper().readTree} reads it, into the same tree, without the mapper's per-call
     * deserialization context. Only what the SDKs send is read here: objects, arrays, strings, booleans, nulls and
     * int-sized integers, each object member once. Anything else (another root, a larger or a fractional number, a
     * member given twice) is read again by the mapper, so that every body gets the mapper's tree or its error.
     */
    public static JsonNode readTree(byte[] body) throws IOException {
        try (JsonParser in = FACTORY.createParser(body)) {
            JsonNode tree = readObject(in);
            if (tree != null) {
                return tree;
            }
        }
        return mapper().readTree(body);
    }

    /** The root object, or null when the body is one the mapper is to read. */
    private static ObjectNode readObject(JsonParser in) throws IOException {
        if (in.nextToken() != JsonToken.START_OBJECT) {
            return null;
        }
        ObjectNode root = NODES.objectNode();
        // the containers open around the current token, innermost last: read without recursion, as the mapper does
        ArrayDeque<ContainerNode<?>> open = new ArrayDeque<>();
        ContainerNode<?> current = root;
        String name = null;
        while (true) {
            JsonToken token = in.nextToken();
            if (token == null) {
                return null; // the mapper reports the body that ends early
            }
            if (token == JsonToken.FIELD_NAME) {
                name = in.currentName();
                continue;
            }
            if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
                if (open.isEmpty()) {
                    return root;
                }
                current = open.pop();
                continue;
            }
            JsonNode value = switch (token) {
                case START_OBJECT -> NODES.objectNode();
                case START_ARRAY -> NODES.arrayNode();
                case VALUE_STRING -> NODES.textNode(in.getText());
                case VALUE_TRUE -> NODES.booleanNode(true);
                case VALUE_FALSE -> NODES.booleanNode(false);
                case VALUE_NULL -> NODES.nullNode();
                case VALUE_NUMBER_INT -> in.getNumberType() == JsonParser.NumberType.INT
                        ? NODES.numberNode(in.getIntValue()) : null;
                default -> null;
            };
            if (value == null) {
                return null;
            }
            if (current instanceof ObjectNode object) {
                if (object.replace(name, value) != null) {
                    return null;
                }
            } else {
                ((ArrayNode) current).add(value);
            }
            if (value instanceof ContainerNode<?> container) {
                open.push(current);
                current = container;
            }
        }
    }

    /**
     * A response tree as the bytes {@code mapper().writeValueAsBytes} makes of it, written straight to a generator:
     * the trees the operations answer with hold containers, scalars and items written from their encoding, none of
     * which needs the mapper's serializer lookup, made anew for every call.
     */
    public static byte[] bytes(JsonNode tree) {
        if (tree.isObject() && tree.isEmpty()) {
            return new byte[] {'{', '}'}; // the answer of most writes: no generator for it
        }
        Writer writer = WRITERS.get();
        if (writer.busy) { // a tree written while writing another on this thread: a generator of its own
            Writer nested = new Writer();
            byte[] bytes = nested.write(tree);
            nested.release();
            return bytes;
        }
        return writer.write(tree);
    }

    /** Each thread's writer: a generator kept from call to call, as making one is a tenth of a small answer's cost. */
    private static final ThreadLocal<Writer> WRITERS = ThreadLocal.withInitial(Writer::new);

    /**
     * A generator writing one tree after another into {@link Bytes}, each flushed and taken as an array of its
     * own: with no root value separator, the generator writes each tree as it would write it alone. A write that
     * fails leaves the generator inside the tree, so the thread gets a new writer.
     */
    private static final class Writer {
        final Bytes bytes = new Bytes();
        final JsonGenerator out;
        boolean busy;

        Writer() {
            try {
                out = FACTORY.createGenerator(bytes).setRootValueSeparator(null);
            } catch (IOException e) {
                throw new UncheckedIOException("a generator of memory does not fail", e);
            }
        }

        byte[] write(JsonNode tree) {
            busy = true;
            boolean written = false;
            try {
                WireJson.write(tree, out);
                out.flush();
                written = true;
                return bytes.take();
            } catch (IOException e) {
                throw new UncheckedIOException("writing to memory does not fail", e);
            } finally {
                busy = false;
                if (!written && WRITERS.get() == this) {
                    WRITERS.remove();
                }
            }
        }

        /** Closes the generator, returning its buffers to Jackson's recycler. */
        void release() {
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException("closing a generator of memory does not fail", e);
            }
        }
    }

    /**
     * What a generator writes, kept in one array until taken: the generator hands over its buffer when it is full
     * and when flushed, so a body that fits its buffer is copied once, into an array of its exact size; a larger
     * one grows the array by doubling.
     */
    private static final class Bytes extends OutputStream {
        private static final byte[] EMPTY = new byte[0];
        private byte[] bytes = EMPTY;
        private int count;

        @Override
        public void write(byte[] buffer, int offset, int length) {
            if (bytes.length - count < length) {
                bytes = Arrays.copyOf(bytes, count == 0 ? length : Math.max(2 * bytes.length, count + length));
            }
            System.arraycopy(buffer, offset, bytes, count, length);
            count += length;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        /** What was written since the last take, and starts afresh. */
        byte[] take() {
            byte[] taken = count == bytes.length ? bytes : Arrays.copyOf(bytes, count);
            bytes = EMPTY;
            count = 0;
            return taken;
        }
    }

    /**
     * Writes a tree without recursion, the containers open around the node being written kept innermost first: a
     * recursive writer has the JIT compile it inlined into itself level by level, one of the costliest single
     * compilations of a short test run.
     */
    private static void write(JsonNode root, JsonGenerator out) throws IOException {
        ArrayDeque<Iterator<?>> open = new ArrayDeque<>();
        JsonNode node = root;
        while (true) {
            if (node.isObject()) {
                out.writeStartObject();
                open.push(node.fields());
            } else if (node.isArray()) {
                out.writeStartArray();
                open.push(node.elements());
            } else {
                writeScalar(node, out);
            }
            node = null;
            while (node == null) { // the next member or element of the innermost open container, closing those done
                Iterator<?> members = open.peek();
                if (members == null) {
                    return;
                }
                if (!members.hasNext()) {
                    open.pop();
                    if (out.getOutputContext().inObject()) {
                        out.writeEndObject();
                    } else {
                        out.writeEndArray();
                    }
                } else {
                    Object next = members.next();
                    if (next instanceof Map.Entry<?, ?> field) {
                        out.writeFieldName((String) field.getKey());
                        node = (JsonNode) field.getValue();
                    } else {
                        node = (JsonNode) next;
                    }
                }
            }
        }
    }

    /** Writes a node that is neither an object nor an array. */
    private static void writeScalar(JsonNode node, JsonGenerator out) throws IOException {
        if (node instanceof POJONode pojo && pojo.getPojo() instanceof ValueJson.Written written) {
            written.write(out);
        } else if (node instanceof NullNode) {
            out.writeNull();
        } else if (node instanceof ValueNode && !node.isBinary() && !node.isPojo()) {
            ((ValueNode) node).serialize(out, null); // strings, numbers and booleans write themselves
        } else {
            mapper().writeTree(out, node); // any other kind takes the mapper's way
        }
    }
}
