package dev.singletable.core;

import dev.singletable.engine.model.Access;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.AccessPattern;
import dev.singletable.fixtures.Expectation;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.KeyAttribute;
import dev.singletable.fixtures.SortConditionKind;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.fixtures.TableKey;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The one verdict on a design's access patterns, which {@code assertThat(table).everyAccessPattern()},
 * {@code singletable verify} and {@code singletable report} all render: every declared pattern runs once per
 * {@code expect} entry of the fixtures (once without parameters when it takes none and has no entry) and passes
 * when
 * <ul>
 *   <li>it ran (the endpoint answered it) and each of its requests is a Query or a key lookup (see
 *       {@link #isQueryOrKeyLookup}),</li>
 *   <li>on the index the pattern declares (or the table), and</li>
 *   <li>it returned the table keys of the expectation, in order.</li>
 * </ul>
 * A pattern that takes parameters and has no {@code expect} entry is not exercised, which falls short too.
 *
 * <pre>{@code
 * Verification verification = Verification.of(table);
 * verification.failed().forEach(check -> System.out.println(check.label() + ": " + check.shortfalls()));
 * }</pre>
 */
public final class Verification {

    /** Reads by key: they name every item they read by its whole primary key. */
    private static final Set<Operation> KEY_LOOKUPS = EnumSet.of(Operation.GET_ITEM, Operation.BATCH_GET_ITEM,
            Operation.TRANSACT_GET_ITEMS);

    private final Fixtures fixtures;
    private final List<PatternCheck> checks;

    private Verification(Fixtures fixtures, List<PatternCheck> checks) {
        this.fixtures = fixtures;
        this.checks = List.copyOf(checks);
    }

    /**
     * Runs every access pattern of the table's design against its fixtures.
     *
     * @param table the table, seeded with its fixtures
     * @return the verdict, one check per pattern call in declaration order
     */
    public static Verification of(SingleTable table) {
        List<PatternCheck> checks = new ArrayList<>();
        for (AccessPattern pattern : table.design().accessPatterns()) {
            List<Expectation> expectations = table.fixtures().expectations().stream()
                    .filter(e -> e.accessPattern().equals(pattern.name())).toList();
            if (!expectations.isEmpty()) {
                expectations.forEach(e -> checks.add(check(table, pattern, e.parameters(), Optional.of(e))));
            } else if (pattern.parameters().isEmpty()) {
                checks.add(check(table, pattern, Map.of(), Optional.empty()));
            } else {
                checks.add(new PatternCheck(pattern, Map.of(), Optional.empty(), List.of(), List.of(), List.of(),
                        List.of(new Shortfall.NotExercised(pattern.parameters()))));
            }
        }
        return new Verification(table.fixtures(), checks);
    }

    /**
     * The rule for what an access pattern may send, applied wherever a pattern's requests are judged: a Query, or
     * a key lookup ({@code GetItem}, {@code BatchGetItem}, {@code TransactGetItems}), or a PartiQL statement that
     * reads one partition. A key lookup passes because it reads exactly the items it names by
     * their whole primary key, never more: what the toolkit guards against is reading more than a pattern asks,
     * as a Scan does. A key lookup reads the table, so a pattern that declares an index still needs a Query on it.
     *
     * @param request a logged request
     * @return whether it passes
     */
    public static boolean isQueryOrKeyLookup(RequestLogEntry request) {
        return request.access().filter(Access.QUERY::equals).isPresent() || KEY_LOOKUPS.contains(request.operation());
    }

    /**
     * Where a key lookup may stand for a pattern's Query (see {@link #isQueryOrKeyLookup}): the pattern reads the
     * table and its key condition names one item, with an equality on the sort key.
     *
     * @param pattern an access pattern
     * @return whether a key lookup can serve it
     */
    public static boolean keyLookupServes(AccessPattern pattern) {
        return !pattern.scan() && pattern.indexName().isEmpty()
                && pattern.sortConditionKind() == SortConditionKind.EQUALS;
    }

    private static PatternCheck check(SingleTable table, AccessPattern pattern, Map<String, AttributeValue> params,
            Optional<Expectation> expectation) {
        List<String> keyNames = table.design().primaryKey().stream().map(KeyAttribute::name).toList();
        List<TableKey> expected = expectation.map(e -> e.keys().stream().map(k -> TableKey.ofItem(k, keyNames))
                .toList()).orElse(List.of());
        AccessPatternRun run;
        try {
            run = table.accessPattern(pattern.name()).with(params).run();
        } catch (SdkException e) {
            return new PatternCheck(pattern, params, expectation, List.of(), expected, List.of(),
                    List.of(endpointError(e)));
        }
        List<TableKey> returned = run.items().stream().map(item -> TableKey.ofItem(item, keyNames)).toList();
        List<Shortfall> shortfalls = new ArrayList<>();
        List<RequestLogEntry> requests = run.requests();
        if (requests.isEmpty()) {
            shortfalls.add(new Shortfall.NoRequestRecorded());
        } else if (!requests.stream().allMatch(Verification::isQueryOrKeyLookup)) {
            shortfalls.add(new Shortfall.NotAQuery(requests.stream().map(RequestLogEntry::operation).distinct()
                    .toList(), run.itemsRead(), run.items().size()));
        }
        requests.stream().map(RequestLogEntry::index).filter(read -> !read.equals(pattern.indexName())).findFirst()
                .ifPresent(read -> shortfalls.add(new Shortfall.WrongIndex(pattern.indexName(), read)));
        expectation.filter(e -> !returned.equals(expected))
                .ifPresent(e -> shortfalls.add(new Shortfall.UnexpectedKeys(expected, returned, e.location())));
        return new PatternCheck(pattern, params, expectation, requests, expected, returned, shortfalls);
    }

    private static Shortfall.EndpointError endpointError(SdkException error) {
        if (error instanceof AwsServiceException service && service.awsErrorDetails() != null) {
            return new Shortfall.EndpointError(service.awsErrorDetails().errorCode(),
                    service.awsErrorDetails().errorMessage());
        }
        return new Shortfall.EndpointError(error.getClass().getSimpleName(), error.getMessage());
    }

    /** @return the design verified */
    public TableDesign design() {
        return fixtures.design();
    }

    /** @return the items and expectations the table was seeded with and checked against */
    public Fixtures fixtures() {
        return fixtures;
    }

    /** @return one check per pattern call, in the design's order of patterns and the fixtures' order of entries */
    public List<PatternCheck> checks() {
        return checks;
    }

    /** @return the checks that fall short */
    public List<PatternCheck> failed() {
        return checks.stream().filter(c -> !c.passed()).toList();
    }

    /**
     * @return {@code true} when there was something to check and every check passes: a design without access
     *         patterns has not passed, it was not checked
     */
    public boolean passed() {
        return !checks.isEmpty() && checks.stream().allMatch(PatternCheck::passed);
    }

    /** @return {@code true} when the design declares no access pattern, so that nothing was checked */
    public boolean checkedNothing() {
        return checks.isEmpty();
    }
}
