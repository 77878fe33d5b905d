package dev.singletable.engine.internal.transport;

import dev.singletable.engine.internal.protocol.Dispatcher;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpFullResponse;
import software.amazon.awssdk.http.SdkHttpRequest;

/**
 * An SDK HTTP client that hands the request bytes to the engine on the calling thread, without a socket. The
 * SDK still marshals and unmarshals: only the network is left out, and with it the CRC of each answer.
 */
public final class InMemoryHttpClient implements SdkHttpClient {
    private static final byte[] NO_BODY = new byte[0];

    private final Dispatcher dispatcher;

    public InMemoryHttpClient(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() {
                SdkHttpRequest http = request.httpRequest();
                byte[] body = request.contentStreamProvider().isPresent()
                        ? read(request.contentStreamProvider().get().newStream(), contentLength(http)) : NO_BODY;
                Dispatcher.Response response = dispatcher.handle(target(http), body, true);
                return HttpExecuteResponse.builder()
                        .response(WireResponses.headers(SdkHttpFullResponse.builder(), response).build())
                        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(response.body())))
                        .build();
            }

            @Override
            public void abort() {
                // the request runs to completion on the caller's thread; there is nothing in flight to abort
            }
        };
    }

    static String target(SdkHttpRequest request) {
        return request.firstMatchingHeader("X-Amz-Target").orElse(null);
    }

    /** The Content-Length the SDK set, or -1. */
    private static int contentLength(SdkHttpRequest request) {
        return request.firstMatchingHeader("Content-Length").map(Integer::parseInt).orElse(-1);
    }

    /**
     * The request body: as many bytes as the Content-Length says, read into an array of that size at once (the
     * SDK's stream is a chain of wrappers, each read passing through all of them), or all there is without one.
     */
    private static byte[] read(InputStream in, int contentLength) {
        try (in) {
            if (contentLength < 0) {
                return in.readAllBytes();
            }
            byte[] body = new byte[contentLength];
            int read = in.readNBytes(body, 0, contentLength);
            return read == contentLength ? body : Arrays.copyOf(body, read);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String clientName() {
        return "singletable-in-memory";
    }

    @Override
    public void close() {
        // nothing to release: the engine outlives its clients
    }
}
