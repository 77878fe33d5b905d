package dev.singletable.engine.internal.value;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The JSON mapper for requests and for what the engine stores. Jackson refuses object keys longer than 50,000
 * characters by default, but an attribute name may take up to 65,535 bytes; with no limit of the parser's own, a
 * longer name reaches the engine's check and is refused with DynamoDB's message.
 */
public final class WireJson {
    public static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNameLength(Integer.MAX_VALUE).build())
            .build()).build();

    private WireJson() {
    }
}
