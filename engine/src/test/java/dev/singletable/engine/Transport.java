package dev.singletable.engine;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The two ways a client reaches the engine. Engine tests run once per transport
 * ({@code @ParameterizedClass @EnumSource(Transport.class)}) to prove both answer byte for byte alike.
 */
public enum Transport {
    IN_MEMORY {
        @Override
        public DynamoDbClientBuilder clientBuilder(DynamoDbEngine engine) {
            return engine.clientBuilder();
        }

        @Override
        public DynamoDbStreamsClient streamsClient(DynamoDbEngine engine) {
            return engine.streamsClient();
        }
    },
    HTTP {
        @Override
        public DynamoDbClientBuilder clientBuilder(DynamoDbEngine engine) {
            return overHttp(DynamoDbClient.builder(), engine);
        }

        @Override
        public DynamoDbStreamsClient streamsClient(DynamoDbEngine engine) {
            return overHttp(DynamoDbStreamsClient.builder(), engine).build();
        }
    };

    /** A client builder pointed at the engine over this transport. */
    public abstract DynamoDbClientBuilder clientBuilder(DynamoDbEngine engine);

    /** A DynamoDB Streams client for the engine over this transport. */
    public abstract DynamoDbStreamsClient streamsClient(DynamoDbEngine engine);

    /** A client for the engine over this transport. */
    public DynamoDbClient client(DynamoDbEngine engine) {
        return clientBuilder(engine).build();
    }

    private static <B extends AwsSyncClientBuilder<B, ?> & AwsClientBuilder<B, ?>> B overHttp(B builder,
                                                                                             DynamoDbEngine engine) {
        return builder.endpointOverride(engine.httpEndpoint())
                .httpClient(UrlConnectionHttpClient.create())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKID", "secret")));
    }
}
