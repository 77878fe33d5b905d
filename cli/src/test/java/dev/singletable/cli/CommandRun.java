package dev.singletable.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;

/** One run of the command in-process: its exit code and what it printed. */
record CommandRun(int exitCode, String out, String err) {

    static CommandRun execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = Singletable.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
        return new CommandRun(exitCode, out.toString(), err.toString());
    }

    /** A test resource as a path, e.g. {@code shop.table.yaml}. */
    static String resource(String name) {
        try {
            return Path.of(CommandRun.class.getResource("/" + name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
