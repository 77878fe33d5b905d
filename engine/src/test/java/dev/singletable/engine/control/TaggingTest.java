package dev.singletable.engine.control;

import static dev.singletable.engine.control.ControlAssertions.assertError;
import static dev.singletable.engine.control.ControlAssertions.assertValidation;
import static dev.singletable.engine.control.ControlAssertions.singleTable;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.Tag;

/** TagResource, UntagResource and ListTagsOfResource. */
class TaggingTest extends EngineTest {
    private static final String ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/app";

    @BeforeEach
    void start() {
        client.createTable(singleTable("app").build());
    }

    private static Tag tag(String key, String value) {
        return Tag.builder().key(key).value(value).build();
    }

    private List<Tag> tags() {
        return client.listTagsOfResource(r -> r.resourceArn(ARN)).tags();
    }

    @Test
    void should_list_no_tags_of_an_untagged_table() {
        assertThat(tags()).isEmpty();
    }

    @Test
    void should_tag_a_table() {
        client.tagResource(r -> r.resourceArn(ARN).tags(tag("team", "orders"), tag("env", "")));

        assertThat(tags()).containsExactly(tag("team", "orders"), tag("env", ""));
    }

    @Test
    void should_overwrite_the_value_of_a_key_tagged_again() {
        client.tagResource(r -> r.resourceArn(ARN).tags(tag("team", "orders")));
        client.tagResource(r -> r.resourceArn(ARN).tags(tag("team", "billing")));

        assertThat(tags()).containsExactly(tag("team", "billing"));
    }

    @Test
    void should_untag_a_table() {
        client.tagResource(r -> r.resourceArn(ARN).tags(tag("team", "orders"), tag("env", "test")));

        client.untagResource(r -> r.resourceArn(ARN).tagKeys("team", "absent"));

        assertThat(tags()).containsExactly(tag("env", "test"));
    }

    @Test
    void should_answer_a_well_formed_arn_of_a_missing_table_as_not_found_and_not_authorized_to_list() {
        String missing = "arn:aws:dynamodb:us-east-1:000000000000:table/missing";

        assertError(DynamoDbException.class, "AccessDeniedException",
                "User is not authorized to perform: dynamodb:ListTagsOfResource on resource: " + missing,
                () -> client.listTagsOfResource(r -> r.resourceArn(missing)));
        assertError(ResourceNotFoundException.class, "ResourceNotFoundException",
                "Requested resource not found: ResourcArn: " + missing + " not found",
                () -> client.tagResource(r -> r.resourceArn(missing).tags(tag("k", "v"))));
    }

    @Test
    void should_refuse_the_arn_of_an_index() {
        String index = ARN + "/index/GSI1";

        assertValidation("Invalid TableArn: Invalid ResourceArn provided as input " + index,
                () -> client.tagResource(r -> r.resourceArn(index).tags(tag("k", "v"))));
    }

    @Test
    void should_refuse_an_empty_tag_key() {
        assertValidation("1 validation error detected: Value '' at 'tags.1.member.key' failed to satisfy constraint: "
                + "Member must have length greater than or equal to 1",
                () -> client.tagResource(r -> r.resourceArn(ARN).tags(tag("", "v"))));
        assertThat(tags()).isEmpty();
    }

    @Test
    void should_accept_letters_of_any_script_white_space_digits_and_the_allowed_signs() {
        client.tagResource(r -> r.resourceArn(ARN).tags(tag("Équipe 1+2=3 _.:/-", "законные буквы 7"), tag("k", "")));

        assertThat(tags()).containsExactlyInAnyOrder(tag("Équipe 1+2=3 _.:/-", "законные буквы 7"), tag("k", ""));
    }

    @Test
    void should_refuse_tag_keys_and_values_with_other_characters_and_keys_in_the_aws_namespace() {
        assertValidation("The Tag Value provided is invalid, Value: #!%^$&",
                () -> client.tagResource(r -> r.resourceArn(ARN).tags(tag("ok", "#!%^$&"))));
        assertValidation("The Tag Key provided is invalid, Key: a@b",
                () -> client.tagResource(r -> r.resourceArn(ARN).tags(tag("a@b", "<>"))));
        assertValidation("Tag Key cannot be prefixed with aws:, Key: aws:team",
                () -> client.tagResource(r -> r.resourceArn(ARN).tags(tag("aws:team", "orders"))));
        assertValidation("The Tag Key provided is invalid, Key: ->>;-)",
                () -> client.createTable(singleTable("other").tags(tag("->>;-)", "ok")).build()));
        assertThat(tags()).isEmpty();
        assertThat(client.listTables().tableNames()).containsExactly("app");
    }

    @Test
    void should_refuse_a_tag_value_longer_than_256_characters() {
        String value = "v".repeat(257);

        assertValidation("1 validation error detected: Value '" + value + "' at 'tags.1.member.value' failed to satisfy "
                + "constraint: Member must have length less than or equal to 256",
                () -> client.tagResource(r -> r.resourceArn(ARN).tags(tag("k", value))));
    }

    @Test
    void should_refuse_more_than_fifty_tags_on_a_table() {
        List<Tag> many = new ArrayList<>();
        for (int i = 0; i < 51; i++) {
            many.add(tag("k" + i, "v"));
        }

        assertValidation("One or more parameter values were invalid: The number of tags on the resource would exceed "
                + "the limit of 50", () -> client.tagResource(r -> r.resourceArn(ARN).tags(many)));
        assertThat(tags()).isEmpty();
    }
}
