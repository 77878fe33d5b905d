package com.example.orders;

import java.math.BigDecimal;

/**
 * One line of an order.
 *
 * @param orderId  the order
 * @param line     the line number
 * @param product  what was ordered
 * @param quantity how many
 * @param price    the price of one
 */
public record OrderLine(String orderId, String line, String product, int quantity, BigDecimal price) {
}
