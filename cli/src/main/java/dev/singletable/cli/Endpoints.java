package dev.singletable.cli;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProviderChain;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.auth.credentials.SystemPropertyCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.AwsProfileRegionProvider;
import software.amazon.awssdk.regions.providers.AwsRegionProvider;
import software.amazon.awssdk.regions.providers.AwsRegionProviderChain;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.regions.providers.SystemSettingsRegionProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * SDK clients for an endpoint given on the command line. Credentials and region come from the default AWS
 * chains, as every AWS tool finds them. A local endpoint (on loopback) works without either, since local
 * emulators accept any credentials; for it the chains stop short of the EC2 instance metadata service, which
 * a developer's machine does not have and would only make the command wait.
 */
final class Endpoints {
    private static final Region LOCAL_REGION = Region.US_EAST_1;

    private Endpoints() {
    }

    static DynamoDbClient client(URI endpoint, Optional<String> region) {
        boolean local = isLoopback(endpoint);
        return DynamoDbClient.builder().endpointOverride(endpoint).region(region(region, local))
                .credentialsProvider(credentials(local)).build();
    }

    static boolean isLoopback(URI endpoint) {
        return endpoint.getHost() != null && isLoopback(endpoint.getHost());
    }

    static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static Region region(Optional<String> region, boolean local) {
        if (region.isPresent()) {
            return Region.of(region.get());
        }
        AwsRegionProvider chain = local ? new AwsRegionProviderChain(new SystemSettingsRegionProvider(),
                new AwsProfileRegionProvider(), () -> LOCAL_REGION) : new DefaultAwsRegionProviderChain();
        try {
            return chain.getRegion();
        } catch (SdkClientException e) {
            throw new CliException(Singletable.USAGE, "no AWS region configured: pass --region or set AWS_REGION");
        }
    }

    private static AwsCredentialsProvider credentials(boolean local) {
        if (!local) {
            return DefaultCredentialsProvider.builder().build();
        }
        return AwsCredentialsProviderChain.builder().credentialsProviders(
                EnvironmentVariableCredentialsProvider.create(), SystemPropertyCredentialsProvider.create(),
                ProfileCredentialsProvider.create(),
                StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"))).build();
    }
}
