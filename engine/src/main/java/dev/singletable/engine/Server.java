package dev.singletable.engine;

import dev.singletable.engine.model.HttpLimits;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Runs an engine as a local DynamoDB endpoint: {@code java -jar singletable-engine.jar --port 8000}.
 * Stops on Ctrl-C; with {@code --data}, also when the disk fails the data directory (exit code 1, after saying
 * why). (The {@code singletable serve} command does the same with a design and demo data.)
 */
public final class Server {
    private static final String USAGE = "usage: java -jar singletable-engine-server.jar [--port 8000] [--host 127.0.0.1]"
            + " [--data DIR] [--credentials AKID:SECRET] [--max-connections 512] [--max-header-bytes 16384]"
            + " [--request-timeout SECONDS] [--response-timeout SECONDS] [--idle-timeout SECONDS]";

    private Server() {
    }

    public static void main(String[] args) throws InterruptedException, UnknownHostException {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) { // NumberFormatException included
            System.err.println(e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        DynamoDbEngine engine;
        try {
            engine = options.engine().build();
        } catch (UncheckedIOException e) { // the data directory: in use by another engine, unreadable, damaged
            System.err.println(e.getMessage());
            System.exit(1);
            return;
        }
        if (!InetAddress.getByName(options.host()).isLoopbackAddress()) {
            System.err.println("WARNING: listening on " + options.host() + ", reachable from other machines; "
                    + (options.checksSignatures() ? "only requests signed with the given credentials are served"
                    : "any caller is served (--credentials makes it check signatures)"));
        }
        System.out.println("DynamoDB endpoint: " + engine.httpEndpoint());
        Runtime.getRuntime().addShutdownHook(new Thread(engine::close));
        Optional<String> failure = engine.awaitStop();
        if (failure.isPresent()) { // the disk failed the data directory: stop, and let a restart recover
            System.err.println(failure.get());
            System.exit(1);
        }
    }

    /** The command line, read: the engine it asks for, where it listens, and whether it checks signatures. */
    record Options(DynamoDbEngine.Builder engine, String host, boolean checksSignatures) {
        /** Reads the options; a missing or unusable value is an IllegalArgumentException saying which. */
        static Options parse(String... args) {
            String host = "127.0.0.1";
            int port = 8000;
            HttpLimits limits = HttpLimits.defaults();
            DynamoDbEngine.Builder engine = DynamoDbEngine.builder();
            boolean credentials = false;
            for (int i = 0; i < args.length; i++) {
                String option = args[i];
                switch (option) {
                    case "--port" -> port = Integer.parseInt(value(args, ++i, option));
                    case "--host" -> host = value(args, ++i, option);
                    case "--data" -> engine.dataDirectory(Path.of(value(args, ++i, option)));
                    case "--credentials" -> {
                        String pair = value(args, ++i, option);
                        int colon = pair.indexOf(':');
                        if (colon < 1) {
                            throw new IllegalArgumentException("--credentials takes ACCESS_KEY_ID:SECRET_ACCESS_KEY");
                        }
                        engine.credentials(pair.substring(0, colon), pair.substring(colon + 1));
                        credentials = true;
                    }
                    case "--max-connections" -> limits = limits.withMaxConnections(Integer.parseInt(value(args, ++i, option)));
                    case "--max-header-bytes" -> limits = limits.withMaxHeaderBytes(Integer.parseInt(value(args, ++i, option)));
                    case "--request-timeout" -> limits = limits.withRequestTimeout(seconds(value(args, ++i, option)));
                    case "--response-timeout" -> limits = limits.withResponseTimeout(seconds(value(args, ++i, option)));
                    case "--idle-timeout" -> limits = limits.withIdleTimeout(seconds(value(args, ++i, option)));
                    default -> throw new IllegalArgumentException("unknown option " + option);
                }
            }
            return new Options(engine.host(host).port(port).httpLimits(limits), host, credentials);
        }

        private static Duration seconds(String text) {
            return Duration.ofMillis(Math.round(Double.parseDouble(text) * 1000));
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[i];
        }
    }
}
