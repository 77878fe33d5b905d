package com.example.shop;

import java.net.URI;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.extensions.VersionedRecordExtension;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** An application as users configure theirs: its own clients, pointed at its own endpoint. */
@SpringBootApplication
public class ShopApplication {

    @Bean
    DynamoDbClient dynamoDbClient(@Value("${shop.endpoint}") URI endpoint) {
        return client(endpoint);
    }

    /** Built over a client of its own, not the bean: it must be rebuilt over the engine's, keeping versioning. */
    @Bean
    DynamoDbEnhancedClient enhancedClient(@Value("${shop.endpoint}") URI endpoint) {
        return DynamoDbEnhancedClient.builder().dynamoDbClient(client(endpoint))
                .extensions(VersionedRecordExtension.builder().build()).build();
    }

    public static DynamoDbClient client(URI endpoint) {
        return DynamoDbClient.builder().endpointOverride(endpoint).region(Region.EU_WEST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("app", "app")))
                .build();
    }
}
