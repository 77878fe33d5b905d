package dev.singletable.cli;

import static dev.singletable.cli.CommandRun.execute;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SingletableTest {

    @Test
    void help_lists_the_commands_and_the_exit_codes() {
        CommandRun run = execute("--help");

        assertThat(run.out()).contains("""
                Commands:
                  verify  Starts the embedded engine, creates the table, seeds the fixtures,
                """).contains("""
                Exit codes:
                  0   ok
                  1   verification failed: a pattern is not a Query or returns what was not
                        expected
                  2   usage or input error: bad option, unreadable file, invalid design or
                        fixtures
                  3   endpoint error: unreachable, refused, or items left unwritten
                  4   internal error: a bug in singletable (the stack trace says where)
                """);
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void every_command_has_help() {
        for (String command : new String[] {"verify", "seed", "serve", "report", "import"}) {
            CommandRun run = execute(command, "--help");

            assertThat(run.out()).as(command).startsWith("Usage: singletable " + command).contains("Exit codes:");
            assertThat(run.exitCode()).as(command).isEqualTo(Singletable.OK);
        }
    }

    @Test
    void help_shows_how_fixtures_name_variables() {
        assertThat(execute("seed", "--help").out())
                .contains("--var=NAME=VALUE   A value for ${NAME} in the fixtures; repeatable.");
    }

    @Test
    void an_unknown_command_is_a_usage_error() {
        CommandRun run = execute("verfy");

        assertThat(run.err()).isEqualTo("""
                singletable: Unmatched argument at index 0: 'verfy'
                Did you mean: singletable verify or singletable serve?
                Try 'singletable --help' for more information.
                """);
        assertThat(run.exitCode()).isEqualTo(Singletable.USAGE);
    }

    @Test
    void prints_its_version() {
        CommandRun run = execute("--version");

        assertThat(run.out()).isEqualTo("singletable (development build)\n");
    }
}
