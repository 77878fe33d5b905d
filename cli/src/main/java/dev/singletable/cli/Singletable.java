package dev.singletable.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code singletable} command: verify a design's access patterns, seed its fixtures into any DynamoDB
 * endpoint, serve the engine with demo data, write an HTML report, import designs from other tools.
 *
 * <pre>{@code
 * java -jar singletable.jar verify orders.table.yaml orders.fixtures.yaml
 * }</pre>
 *
 * <p>Exit codes: {@value #OK} ok, {@value #VERIFICATION_FAILED} verification failed, {@value #USAGE} usage or
 * input error, {@value #ENDPOINT} endpoint error, {@value #INTERNAL} internal error.
 */
@Command(name = "singletable", mixinStandardHelpOptions = true, versionProvider = Singletable.Version.class,
        description = "Test a DynamoDB single-table design: verify its access patterns, seed its fixtures, "
                + "serve it locally, report on it, import it from other tools, export a table as fixtures.",
        subcommands = {VerifyCommand.class, SeedCommand.class, ServeCommand.class, ReportCommand.class,
            ImportCommand.class, ExportCommand.class,
            CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:ok",
            "1:verification failed: a pattern is not a Query or returns what was not expected",
            "2:usage or input error: bad option, unreadable file, invalid design or fixtures",
            "3:endpoint error: unreachable, refused, or items left unwritten",
            "4:internal error: a bug in singletable (the stack trace says where)",
            "5:serve stopped because the disk failed its --data directory (full, an I/O error); started again, it "
                + "recovers every write it answered"})
public final class Singletable {
    /** Everything went as asked. */
    public static final int OK = 0;
    /** {@code verify} ran, and a pattern is not a Query (or Get) or does not return what is expected. */
    public static final int VERIFICATION_FAILED = 1;
    /** A bad option, an unreadable file, an invalid design or fixture: nothing was done. */
    public static final int USAGE = 2;
    /** The endpoint could not be reached, refused the request, or left items unwritten. */
    public static final int ENDPOINT = 3;
    /** An unexpected failure in singletable itself. */
    public static final int INTERNAL = 4;
    /** {@code serve} stopped because the disk failed its data directory. */
    public static final int DATA_DIRECTORY_FAILED = 5;

    private Singletable() {
    }

    /**
     * Runs the command and exits with its exit code.
     *
     * @param args the command line, e.g. {@code verify orders.table.yaml orders.fixtures.yaml}
     */
    public static void main(String[] args) {
        quietLogging();
        System.exit(commandLine(new PrintWriter(new OutputStreamWriter(System.out, UTF_8), true),
                new PrintWriter(new OutputStreamWriter(System.err, UTF_8), true)).execute(args));
    }

    /**
     * The AWS SDK logs through SLF4J, which, finding no logger in the jar, prints three lines of advice on every
     * run. A command line tool has nothing to log there, so that advice goes nowhere.
     */
    private static void quietLogging() {
        PrintStream err = System.err;
        System.setErr(new PrintStream(OutputStream.nullOutputStream()));
        try {
            LoggerFactory.getILoggerFactory();
        } finally {
            System.setErr(err);
        }
    }

    /** The command line with its output streams and the error handling that maps failures to exit codes. */
    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine commandLine = new CommandLine(new Singletable());
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setExecutionExceptionHandler(new Failures());
        commandLine.setParameterExceptionHandler(new Failures());
        return commandLine;
    }

    /** The version from the jar's manifest (absent when run from classes, as in tests). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = Singletable.class.getPackage().getImplementationVersion();
            return new String[] {"singletable " + (version == null ? "(development build)" : version)};
        }
    }
}
