package dev.singletable.engine;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One change to an item as the table's DynamoDB stream recorded it: {@code INSERT}, {@code MODIFY} or
 * {@code REMOVE}, with the images the stream's view type keeps.
 *
 * @param eventName     INSERT, MODIFY or REMOVE
 * @param keys          the item's primary key
 * @param oldImage      the item before the change, when the view type keeps it (OLD_IMAGE, NEW_AND_OLD_IMAGES)
 * @param newImage      the item after the change, when the view type keeps it (NEW_IMAGE, NEW_AND_OLD_IMAGES)
 * @param sequenceNumber the record's position in the stream; later changes have larger numbers
 * @param approximateCreationTime when the change was made, by the engine's clock
 * @param byTimeToLive  whether DynamoDB's TTL process deleted the item (a REMOVE made by the service)
 */
public record Change(String eventName, Map<String, AttributeValue> keys, Optional<Map<String, AttributeValue>> oldImage,
                     Optional<Map<String, AttributeValue>> newImage, String sequenceNumber,
                     Instant approximateCreationTime, boolean byTimeToLive) {
}
