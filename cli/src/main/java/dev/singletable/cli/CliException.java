package dev.singletable.cli;

/** A failure the user can act on: its message is printed as it is, and the command exits with its code. */
final class CliException extends RuntimeException {
    private final int exitCode;

    CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }
}
