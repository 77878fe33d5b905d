package com.example.ordersapi;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The service's clients, as it runs in production: the region's DynamoDB, the default credentials chain. */
@Configuration(proxyBeanMethods = false)
class DynamoDbConfiguration {

    @Bean
    DynamoDbClient dynamoDbClient(@Value("${orders.region}") String region) {
        return DynamoDbClient.builder().region(Region.of(region)).build();
    }

    @Bean
    DynamoDbEnhancedClient dynamoDbEnhancedClient(DynamoDbClient dynamoDbClient) {
        return DynamoDbEnhancedClient.builder().dynamoDbClient(dynamoDbClient).build();
    }
}
