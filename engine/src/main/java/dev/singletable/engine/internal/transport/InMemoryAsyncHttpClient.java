package dev.singletable.engine.internal.transport;

import dev.singletable.engine.internal.protocol.Dispatcher;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.http.SdkHttpFullResponse;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.async.SdkAsyncHttpResponseHandler;

/** The asynchronous twin of {@link InMemoryHttpClient}: collects the request body, answers, streams the reply. */
public final class InMemoryAsyncHttpClient implements SdkAsyncHttpClient {
    private final Dispatcher dispatcher;

    public InMemoryAsyncHttpClient(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    @Override
    public CompletableFuture<Void> execute(AsyncExecuteRequest request) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        request.requestContentPublisher().subscribe(new Subscriber<ByteBuffer>() {
            @Override
            public void onSubscribe(Subscription subscription) {
                subscription.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(ByteBuffer buffer) {
                byte[] chunk = new byte[buffer.remaining()];
                buffer.get(chunk);
                body.write(chunk, 0, chunk.length);
            }

            @Override
            public void onError(Throwable error) {
                request.responseHandler().onError(error);
                done.completeExceptionally(error);
            }

            @Override
            public void onComplete() {
                respond(request, body.toByteArray(), done);
            }
        });
        return done;
    }

    private void respond(AsyncExecuteRequest request, byte[] body, CompletableFuture<Void> done) {
        Dispatcher.Response response = dispatcher.handle(InMemoryHttpClient.target(request.request()), body, false);
        SdkAsyncHttpResponseHandler handler = request.responseHandler();
        handler.onHeaders(WireResponses.headers(SdkHttpFullResponse.builder(), response).build());
        handler.onStream(subscriber -> subscriber.onSubscribe(new Subscription() {
            private final AtomicBoolean sent = new AtomicBoolean();

            @Override
            public void request(long n) {
                if (n > 0 && sent.compareAndSet(false, true)) {
                    subscriber.onNext(ByteBuffer.wrap(response.body()));
                    subscriber.onComplete();
                    done.complete(null);
                }
            }

            @Override
            public void cancel() {
                done.complete(null);
            }
        }));
    }

    @Override
    public String clientName() {
        return "singletable-in-memory-async";
    }

    @Override
    public void close() {
        // nothing to release: the engine outlives its clients
    }
}
