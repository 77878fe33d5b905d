package com.example.orders;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * An order of a customer.
 *
 * @param customerId the customer who placed it
 * @param orderId    the order number
 * @param status     OPEN, SHIPPED or CANCELLED
 * @param createdAt  the day it was placed
 * @param total      the amount to pay
 */
public record Order(String customerId, String orderId, String status, LocalDate createdAt, BigDecimal total) {
}
