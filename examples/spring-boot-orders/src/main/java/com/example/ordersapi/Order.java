package com.example.ordersapi;

import java.math.BigDecimal;

/**
 * An order as the API shows it.
 *
 * @param customerId who placed it
 * @param orderId    its number
 * @param status     OPEN, SHIPPED or CANCELLED
 * @param createdAt  the day it was placed (ISO date)
 * @param total      what it costs
 */
public record Order(String customerId, String orderId, String status, String createdAt, BigDecimal total) {
}
