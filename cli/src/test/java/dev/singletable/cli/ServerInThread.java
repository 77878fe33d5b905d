package dev.singletable.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;

/** {@code singletable serve …} running in a thread, as it runs in its own process. */
record ServerInThread(ServeCommand command, CompletableFuture<Integer> exitCode, StringWriter out, StringWriter err) {

    static ServerInThread start(String... args) throws InterruptedException {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = Singletable.commandLine(new PrintWriter(out, true), new PrintWriter(err, true));
        ServeCommand command = commandLine.getSubcommands().get("serve").getCommand();
        CompletableFuture<Integer> exitCode = CompletableFuture.supplyAsync(() -> commandLine.execute(args));
        command.awaitEndpoint();
        return new ServerInThread(command, exitCode, out, err);
    }

    URI endpoint() throws InterruptedException {
        return command.awaitEndpoint();
    }

    int stop() throws Exception {
        command.stop();
        return exitCode.get(10, TimeUnit.SECONDS);
    }
}
