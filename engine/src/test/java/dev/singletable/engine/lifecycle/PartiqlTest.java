package dev.singletable.engine.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.EngineTest;
import dev.singletable.engine.model.Access;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DuplicateItemException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

class PartiqlTest extends EngineTest {

    @BeforeEach
    void start() {
        Tables.createOrders(client, "app");
        insert("CUSTOMER#42", "PROFILE", "Ada");
        insert("CUSTOMER#42", "ORDER#1", "first");
        insert("CUSTOMER#42", "ORDER#2", "second");
        insert("CUSTOMER#7", "PROFILE", "Bob");
    }

    @Test
    void should_answer_a_select_on_one_partition_as_a_query_in_sort_key_order() {
        ExecuteStatementResponse response = execute(
                "SELECT SK, name FROM \"app\" WHERE PK = ? AND begins_with(SK, 'ORDER#')", s("CUSTOMER#42"));

        assertThat(response.items()).containsExactly(
                Map.of("SK", s("ORDER#1"), "name", s("first")), Map.of("SK", s("ORDER#2"), "name", s("second")));
        RequestLogEntry entry = last();
        assertThat(entry.operation()).isEqualTo(Operation.EXECUTE_STATEMENT);
        assertThat(entry.statement()).contains("SELECT SK, name FROM \"app\" WHERE PK = ? AND begins_with(SK, 'ORDER#')");
        assertThat(entry.access()).hasValue(Access.QUERY);
        assertThat(entry.isScan()).isFalse();
        assertThat(entry.scannedCount()).isEqualTo(3);
    }

    @Test
    void should_return_a_selected_nested_value_under_its_own_name() {
        client.putItem(b -> b.tableName("app").item(Map.of("PK", s("CUSTOMER#9"), "SK", s("PROFILE"),
                "address", AttributeValue.fromM(Map.of("city", s("Paris"), "zip", s("75001"))),
                "tags", AttributeValue.fromL(List.of(s("new"), s("vip"))))));

        ExecuteStatementResponse response = execute(
                "SELECT address.city, tags[1], SK FROM app WHERE PK = ? AND SK = 'PROFILE'", s("CUSTOMER#9"));

        assertThat(response.items()).containsExactly(Map.of("city", s("Paris"), "_2", s("vip"), "SK", s("PROFILE")));
    }

    @Test
    void should_answer_a_select_without_the_partition_key_as_a_scan() {
        ExecuteStatementResponse response = execute("SELECT * FROM \"app\" WHERE name = 'Bob'");

        assertThat(response.items()).extracting(i -> i.get("PK").s()).containsExactly("CUSTOMER#7");
        assertThat(last().isScan()).isTrue();
        assertThat(last().scannedCount()).isEqualTo(4);
    }

    @Test
    void should_order_descending_by_sort_key() {
        ExecuteStatementResponse response = execute(
                "SELECT SK FROM app WHERE PK = 'CUSTOMER#42' ORDER BY SK DESC");

        assertThat(response.items()).extracting(i -> i.get("SK").s()).containsExactly("PROFILE", "ORDER#2", "ORDER#1");
    }

    @Test
    void should_page_with_limit_and_next_token() {
        ExecuteStatementResponse first = client.executeStatement(b -> b.statement("SELECT * FROM app").limit(3));
        ExecuteStatementResponse second = client.executeStatement(b -> b.statement("SELECT * FROM app").limit(3)
                .nextToken(first.nextToken()));

        assertThat(first.items()).hasSize(3);
        assertThat(first.nextToken()).isNotNull();
        assertThat(second.items()).hasSize(1);
        assertThat(second.nextToken()).isNull();
    }

    @Test
    void should_refuse_to_insert_an_existing_key() {
        assertThatThrownBy(() -> insert("CUSTOMER#42", "PROFILE", "again"))
                .isInstanceOfSatisfying(DuplicateItemException.class, e -> assertThat(e.awsErrorDetails().errorMessage())
                        .isEqualTo("Duplicate primary key exists in table"));
        assertThat(name("CUSTOMER#42", "PROFILE")).isEqualTo("Ada");
    }

    @Test
    void should_update_and_remove_attributes_of_the_item_its_where_clause_names() {
        execute("UPDATE app SET name = ?, visits = 1 REMOVE GSI1PK WHERE PK = ? AND SK = ?",
                s("Ada Lovelace"), s("CUSTOMER#42"), s("PROFILE"));
        execute("UPDATE app SET visits = visits + 2 WHERE PK = 'CUSTOMER#42' AND SK = 'PROFILE'");

        Map<String, AttributeValue> item = get("CUSTOMER#42", "PROFILE");
        assertThat(item.get("name").s()).isEqualTo("Ada Lovelace");
        assertThat(item.get("visits").n()).isEqualTo("3");
    }

    @Test
    void should_fail_the_condition_when_the_item_is_missing_or_the_where_clause_is_false() {
        assertThatThrownBy(() -> execute("UPDATE app SET name = 'x' WHERE PK = 'CUSTOMER#404' AND SK = 'PROFILE'"))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThatThrownBy(() -> execute("UPDATE app SET name = 'x' WHERE PK = 'CUSTOMER#42' AND SK = 'PROFILE' AND name = 'Bob'"))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(name("CUSTOMER#42", "PROFILE")).isEqualTo("Ada");
        assertThat(get("CUSTOMER#404", "PROFILE")).isEmpty();
    }

    @Test
    void should_refuse_a_write_whose_where_clause_does_not_name_the_whole_key() {
        assertThatThrownBy(() -> execute("DELETE FROM app WHERE PK = 'CUSTOMER#42'"))
                .satisfies(e -> assertThat(message(e))
                        .isEqualTo("Where clause does not contain a mandatory equality on all key attributes"));
        assertThat(name("CUSTOMER#42", "PROFILE")).isEqualTo("Ada");
    }

    @Test
    void should_delete_returning_the_old_item_and_accept_deleting_a_missing_one() {
        ExecuteStatementResponse deleted = execute(
                "DELETE FROM app WHERE PK = 'CUSTOMER#7' AND SK = 'PROFILE' RETURNING ALL OLD *");
        execute("DELETE FROM app WHERE PK = 'CUSTOMER#404' AND SK = 'PROFILE'");

        assertThat(deleted.items()).extracting(i -> i.get("name").s()).containsExactly("Bob");
        assertThat(get("CUSTOMER#7", "PROFILE")).isEmpty();
    }

    @Test
    void should_allow_only_returning_all_old_in_a_delete() {
        assertThatThrownBy(() -> execute(
                "DELETE FROM app WHERE PK = 'CUSTOMER#7' AND SK = 'PROFILE' RETURNING MODIFIED OLD *"))
                .satisfies(e -> assertThat(message(e)).isEqualTo("Invalid returning clause: RETURNING MODIFIED OLD *. "
                        + "Only RETURNING ALL OLD * is allowed in DELETE statements."));
    }

    @Test
    void should_refuse_bad_parameters_and_bad_syntax_with_validation_errors() {
        assertThatThrownBy(() -> client.executeStatement(b -> b.statement("SELECT * FROM app").parameters(List.of())))
                .satisfies(e -> assertThat(message(e)).isEqualTo("1 validation error detected: Value '[]' at "
                        + "'parameters' failed to satisfy constraint: Member must have length greater than or equal to 1"));
        assertThatThrownBy(() -> execute("SELECT * FROM app WHERE PK = ?"))
                .satisfies(e -> assertThat(message(e)).isEqualTo("Number of parameters in request and statement don't match."));
        assertThatThrownBy(() -> execute("SELEC * FROM app"))
                .satisfies(e -> assertThat(message(e)).startsWith("Statement wasn't well formed, can't be processed:"));
    }

    @Test
    void should_run_a_transaction_all_or_nothing_with_a_reason_per_statement() {
        assertThatThrownBy(() -> client.executeTransaction(b -> b.transactStatements(
                statement("INSERT INTO app VALUE {'PK': 'TEAM#9', 'SK': 'USER#1'}"),
                statement("UPDATE app SET x = 1 WHERE PK = 'CUSTOMER#404' AND SK = 'PROFILE'"))))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e ->
                        assertThat(e.cancellationReasons()).extracting(r -> r.code())
                                .containsExactly("None", "ConditionalCheckFailed"));
        assertThat(get("TEAM#9", "USER#1")).isEmpty();

        client.executeTransaction(b -> b.transactStatements(
                statement("INSERT INTO app VALUE {'PK': 'TEAM#9', 'SK': 'USER#1'}"),
                statement("INSERT INTO app VALUE {'PK': 'USER#1', 'SK': 'TEAM#9'}")));
        assertThat(get("TEAM#9", "USER#1")).isNotEmpty();
        assertThat(get("USER#1", "TEAM#9")).isNotEmpty();
    }

    @Test
    void should_refuse_a_returning_clause_in_a_transaction() {
        assertThatThrownBy(() -> client.executeTransaction(b -> b.transactStatements(
                statement("DELETE FROM app WHERE PK = 'CUSTOMER#7' AND SK = 'PROFILE' RETURNING ALL OLD *"))))
                .satisfies(e -> assertThat(message(e)).isEqualTo(
                        "Validation failed in TransactStatements[0]: RETURNING clause is not supported in ExecuteTransaction."));
    }

    @Test
    void should_answer_each_statement_of_a_batch_on_its_own() {
        List<BatchStatementResponse> responses = client.batchExecuteStatement(b -> b.statements(
                s -> s.statement("SELECT * FROM app WHERE PK = 'CUSTOMER#7' AND SK = 'PROFILE'"),
                s -> s.statement("INSERT INTO app VALUE {'PK': 'CUSTOMER#7', 'SK': 'PROFILE'}"),
                s -> s.statement("INSERT INTO app VALUE {'PK': 'CUSTOMER#8', 'SK': 'PROFILE'}"))).responses();

        assertThat(responses.get(0).item().get("name").s()).isEqualTo("Bob");
        assertThat(responses.get(1).error().codeAsString()).isEqualTo("DuplicateItem");
        assertThat(responses.get(2).error()).isNull();
        assertThat(get("CUSTOMER#8", "PROFILE")).isNotEmpty();
    }

    private void insert(String pk, String sk, String name) {
        execute("INSERT INTO \"app\" VALUE {'PK': ?, 'SK': ?, 'name': ?}", s(pk), s(sk), s(name));
    }

    private ExecuteStatementResponse execute(String statement, AttributeValue... parameters) {
        return client.executeStatement(b -> {
            b.statement(statement);
            if (parameters.length > 0) {
                b.parameters(parameters);
            }
        });
    }

    private static ParameterizedStatement statement(String text) {
        return ParameterizedStatement.builder().statement(text).build();
    }

    private Map<String, AttributeValue> get(String pk, String sk) {
        return client.getItem(b -> b.tableName("app").key(Tables.key(pk, sk))).item();
    }

    private String name(String pk, String sk) {
        return get(pk, sk).get("name").s();
    }

    private RequestLogEntry last() {
        List<RequestLogEntry> entries = engine.requestLog().entries();
        return entries.get(entries.size() - 1);
    }

    private static String message(Throwable e) {
        return ((DynamoDbException) e).awsErrorDetails().errorMessage();
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
