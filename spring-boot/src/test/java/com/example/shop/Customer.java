package com.example.shop;

import software.amazon.awssdk.enhanced.dynamodb.extensions.annotations.DynamoDbVersionAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

/** A customer's profile item, mapped by the enhanced client, with a version the extension keeps. */
@DynamoDbBean
public class Customer {
    private String pk;
    private String sk = "PROFILE";
    private String name;
    private Long version;

    @DynamoDbPartitionKey
    public String getPK() {
        return pk;
    }

    public void setPK(String pk) {
        this.pk = pk;
    }

    @DynamoDbSortKey
    public String getSK() {
        return sk;
    }

    public void setSK(String sk) {
        this.sk = sk;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    @DynamoDbVersionAttribute
    public Long getVersion() {
        return version;
    }

    public void setVersion(Long version) {
        this.version = version;
    }
}
