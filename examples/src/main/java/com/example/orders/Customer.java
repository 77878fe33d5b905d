package com.example.orders;

/**
 * A customer of the shop.
 *
 * @param id    the customer id
 * @param name  the full name
 * @param email the email address
 */
public record Customer(String id, String name, String email) {
}
