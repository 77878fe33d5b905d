package dev.singletable.engine.internal.transport;

import dev.singletable.engine.internal.protocol.Dispatcher;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
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
    private final Dispatcher dispatcher;

    public InMemoryHttpClient(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() {
                byte[] body = request.contentStreamProvider().map(p -> readAll(p.newStream())).orElse(new byte[0]);
                Dispatcher.Response response = dispatcher.handle(target(request.httpRequest()), body, true);
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

    static byte[] readAll(InputStream in) {
        try (in) {
            return in.readAllBytes();
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
