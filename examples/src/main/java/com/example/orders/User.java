package com.example.orders;

/**
 * A user of the back office, member of teams.
 *
 * @param id    the user id
 * @param email the login email
 * @param name  the full name
 */
public record User(String id, String email, String name) {
}
