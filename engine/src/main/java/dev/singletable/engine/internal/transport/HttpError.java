package dev.singletable.engine.internal.transport;

/**
 * A request the endpoint refuses at the HTTP level, before it reaches DynamoDB's protocol: answered with the status
 * real servers send for it, and the connection closed, since what follows on it can no longer be trusted to start a
 * request.
 */
final class HttpError extends Exception {
    private static final long serialVersionUID = 1L;

    private final int status;

    HttpError(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    int status() {
        return status;
    }
}
