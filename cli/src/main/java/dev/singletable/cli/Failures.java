package dev.singletable.cli;

import dev.singletable.core.SeedException;
import dev.singletable.fixtures.LocatedException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Turns what went wrong into one line on standard error and an exit code: the user sees what to fix, not a
 * stack trace, unless the failure is a bug of ours.
 */
final class Failures implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println(command.getCommandSpec().qualifiedName() + ": " + e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for more information.");
        return Singletable.USAGE;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine command, ParseResult parsed) {
        PrintWriter err = command.getErr();
        String name = command.getCommandSpec().qualifiedName();
        if (e instanceof CliException failure) {
            err.println(name + ": " + failure.getMessage());
            return failure.exitCode();
        }
        if (e instanceof LocatedException located) {
            err.println(located.getMessage());
            return Singletable.USAGE;
        }
        if (e instanceof UncheckedIOException io) {
            err.println(name + ": " + io.getMessage() + ": " + describe(io.getCause()));
            return Singletable.USAGE;
        }
        if (e instanceof SeedException seed) {
            err.println(name + ": " + seed.getMessage());
            return Singletable.ENDPOINT;
        }
        if (e instanceof DynamoDbException dynamo) {
            err.println(name + ": the endpoint refused the request: " + dynamo.awsErrorDetails().errorCode() + ": "
                    + dynamo.awsErrorDetails().errorMessage());
            return Singletable.ENDPOINT;
        }
        if (e instanceof SdkClientException client) {
            // Connection failures come with an IOException; credentials and configuration problems without one.
            err.println(name + ": " + (client.getCause() instanceof IOException ? "cannot reach the endpoint: " : "")
                    + client.getMessage());
            return Singletable.ENDPOINT;
        }
        err.println(name + ": internal error, please report it with this trace:");
        e.printStackTrace(err);
        return Singletable.INTERNAL;
    }

    private static String describe(Throwable cause) {
        return cause instanceof NoSuchFileException ? "no such file" : String.valueOf(cause);
    }
}
