package dev.singletable.engine.internal.transport;

import dev.singletable.engine.internal.protocol.Dispatcher;
import software.amazon.awssdk.http.SdkHttpFullResponse;

/** The status and headers DynamoDB sends with every answer, shared by the in-memory transports. */
final class WireResponses {
    private WireResponses() {
    }

    static SdkHttpFullResponse.Builder headers(SdkHttpFullResponse.Builder builder, Dispatcher.Response response) {
        return builder.statusCode(response.status())
                .putHeader("Content-Type", Dispatcher.CONTENT_TYPE)
                .putHeader("Content-Length", Integer.toString(response.body().length))
                .putHeader("x-amzn-RequestId", response.requestId())
                .putHeader("x-amz-crc32", Long.toString(response.crc32()));
    }
}
