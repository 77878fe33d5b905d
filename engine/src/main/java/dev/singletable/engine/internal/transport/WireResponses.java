package dev.singletable.engine.internal.transport;

import dev.singletable.engine.internal.protocol.Dispatcher;
import software.amazon.awssdk.http.SdkHttpFullResponse;

/**
 * The status and headers of an answer over the in-memory transports: DynamoDB's, but for {@code x-amz-crc32}. The
 * checksum guards bytes that crossed a network; here they never leave the JVM, and without the header the SDK skips
 * checking it, so neither side computes a CRC of every answer. (The HTTP endpoint sends it.)
 */
final class WireResponses {
    private WireResponses() {
    }

    static SdkHttpFullResponse.Builder headers(SdkHttpFullResponse.Builder builder, Dispatcher.Response response) {
        return builder.statusCode(response.status())
                .putHeader("Content-Type", Dispatcher.CONTENT_TYPE)
                .putHeader("Content-Length", Integer.toString(response.body().length))
                .putHeader("x-amzn-RequestId", response.requestId());
    }
}
