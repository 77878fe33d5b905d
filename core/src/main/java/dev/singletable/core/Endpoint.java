package dev.singletable.core;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProviderChain;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.auth.credentials.SystemPropertyCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.AwsProfileRegionProvider;
import software.amazon.awssdk.regions.providers.AwsRegionProviderChain;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.regions.providers.SystemSettingsRegionProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * An external DynamoDB-compatible endpoint and the one policy for reaching it, used by the JUnit extension, the
 * command line and the seeder alike:
 * <ul>
 *   <li><b>AWS or emulator.</b> An endpoint whose host is an AWS service host ({@code *.amazonaws.com},
 *       {@code *.amazonaws.com.cn}, {@code *.api.aws}) is real DynamoDB; any other (loopback, a container such as
 *       {@code http://localstack:4566}, ScyllaDB Alternator) is an emulator.</li>
 *   <li><b>Credentials.</b> For real DynamoDB the SDK's default chain (environment, system properties, profile,
 *       SSO, container and instance roles). An emulator accepts any credentials: the environment, system
 *       properties and profile are used when they have some, else dummy ones, and the chain stops short of the
 *       instance metadata service, which a developer's machine does not have and would only make a run wait.</li>
 *   <li><b>Region.</b> The one configured; else the SDK's chain, which for real DynamoDB must find one; for an
 *       emulator the system settings and profile, else {@code us-east-1}.</li>
 *   <li><b>Timeouts and retries.</b> The SDK's standard retry mode (3 attempts with backoff on throttling and
 *       transient errors) and at most 30 seconds per attempt, so an endpoint that stopped answering fails a run
 *       instead of hanging it.</li>
 *   <li><b>Leftovers.</b> Tables that runs which ended left behind are dropped at the start of a run on an
 *       emulator; on real DynamoDB only when the user asks ({@link #dropsLeftovers}).</li>
 * </ul>
 */
public final class Endpoint {

    /** The longest a single attempt of a request may take. */
    public static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(30);
    private static final Region EMULATOR_REGION = Region.US_EAST_1;
    private static final AwsCredentialsProvider DUMMY = StaticCredentialsProvider.create(
            AwsBasicCredentials.create("singletable", "singletable"));

    private final URI uri;

    private Endpoint(URI uri) {
        this.uri = uri;
    }

    /**
     * @param uri an {@code http://} or {@code https://} URL with a host
     * @return the endpoint
     * @throws IllegalArgumentException for anything else
     */
    public static Endpoint of(URI uri) {
        Objects.requireNonNull(uri, "uri");
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
            throw new IllegalArgumentException("'" + uri + "' is not an endpoint; expected an http:// or https://"
                    + " URL such as http://localhost:8000");
        }
        return new Endpoint(uri);
    }

    /**
     * @param text an {@code http://} or {@code https://} URL with a host
     * @return the endpoint
     * @throws IllegalArgumentException for anything else
     */
    public static Endpoint parse(String text) {
        try {
            return of(new URI(text.trim()));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("'" + text + "' is not an endpoint; expected an http:// or https://"
                    + " URL such as http://localhost:8000", e);
        }
    }

    /** @return the endpoint's URL */
    public URI uri() {
        return uri;
    }

    /** @return {@code true} when the endpoint is real DynamoDB, {@code false} for an emulator */
    public boolean isAws() {
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        return host.endsWith(".amazonaws.com") || host.endsWith(".amazonaws.com.cn") || host.endsWith(".api.aws");
    }

    /**
     * @param configured whether the user asked for it, if they said
     * @return whether a run drops, at its start, the tables that runs which ended left behind
     *         ({@link Provisioner#dropLeftovers}): on an emulator unless the user says not to; on real DynamoDB
     *         only when the user asks, since those tables are in an account that others may share
     */
    public boolean dropsLeftovers(Optional<Boolean> configured) {
        return configured.orElse(!isAws());
    }

    /**
     * @param host a host name or address
     * @return whether it is this machine only (a loopback address): what a server may bind without exposing
     *         itself to the network
     */
    public static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * @param configured the region the user gave, if any
     * @return the region by the policy; empty only for real DynamoDB when no region is configured anywhere
     */
    public Optional<Region> region(Optional<String> configured) {
        if (configured.isPresent()) {
            return configured.map(Region::of);
        }
        try {
            return Optional.of(isAws() ? new DefaultAwsRegionProviderChain().getRegion()
                    : new AwsRegionProviderChain(new SystemSettingsRegionProvider(), new AwsProfileRegionProvider(),
                            () -> EMULATOR_REGION).getRegion());
        } catch (SdkClientException e) {
            return Optional.empty();
        }
    }

    /** @return the credentials by the policy */
    public AwsCredentialsProvider credentials() {
        if (isAws()) {
            return DefaultCredentialsProvider.builder().build();
        }
        return AwsCredentialsProviderChain.builder().credentialsProviders(
                SystemPropertyCredentialsProvider.create(), EnvironmentVariableCredentialsProvider.create(),
                ProfileCredentialsProvider.create(), DUMMY).build();
    }

    /**
     * @param region       the region, from {@link #region(Optional)}
     * @param interceptors interceptors for every request, e.g. a request log's
     * @return a synchronous client by the policy; the caller closes it
     */
    public DynamoDbClient client(Region region, ExecutionInterceptor... interceptors) {
        return configure(DynamoDbClient.builder(), region, interceptors).build();
    }

    /**
     * @param region       the region, from {@link #region(Optional)}
     * @param interceptors interceptors for every request, e.g. a request log's
     * @return an asynchronous client by the policy; the caller closes it
     */
    public DynamoDbAsyncClient asyncClient(Region region, ExecutionInterceptor... interceptors) {
        return configure(DynamoDbAsyncClient.builder(), region, interceptors).build();
    }

    private <B extends AwsClientBuilder<B, ?>> B configure(B builder, Region region,
            ExecutionInterceptor... interceptors) {
        ClientOverrideConfiguration.Builder override = ClientOverrideConfiguration.builder()
                .retryStrategy(RetryMode.STANDARD).apiCallAttemptTimeout(ATTEMPT_TIMEOUT);
        for (ExecutionInterceptor interceptor : interceptors) {
            override.addExecutionInterceptor(interceptor);
        }
        return builder.endpointOverride(uri).region(region).credentialsProvider(credentials())
                .overrideConfiguration(override.build());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Endpoint that && uri.equals(that.uri);
    }

    @Override
    public int hashCode() {
        return uri.hashCode();
    }

    @Override
    public String toString() {
        return uri.toString();
    }
}
