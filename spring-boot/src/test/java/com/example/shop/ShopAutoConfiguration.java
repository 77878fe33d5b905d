package com.example.shop;

import java.net.URI;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/** An auto-configuration, as a library such as Spring Cloud AWS brings one: it defines the asynchronous client. */
@AutoConfiguration
public class ShopAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    DynamoDbAsyncClient dynamoDbAsyncClient(@Value("${shop.endpoint}") URI endpoint) {
        return DynamoDbAsyncClient.builder().endpointOverride(endpoint).region(Region.EU_WEST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("app", "app")))
                .build();
    }
}
