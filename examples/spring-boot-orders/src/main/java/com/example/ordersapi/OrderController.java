package com.example.ordersapi;

import java.math.BigDecimal;
import java.net.URI;
import java.time.LocalDate;
import java.util.List;
import java.util.NoSuchElementException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** The orders API. */
@RestController
public class OrderController {
    private final OrderRepository orders;

    public OrderController(OrderRepository orders) {
        this.orders = orders;
    }

    /** What a client sends to place an order. */
    public record NewOrder(String orderId, BigDecimal total) {
    }

    @GetMapping("/customers/{customerId}/orders")
    public List<Order> ordersOf(@PathVariable String customerId) {
        return orders.ordersOf(customerId);
    }

    @GetMapping("/customers/{customerId}/orders/{orderId}")
    public ResponseEntity<Order> order(@PathVariable String customerId, @PathVariable String orderId) {
        return ResponseEntity.of(orders.find(customerId, orderId));
    }

    @PostMapping("/customers/{customerId}/orders")
    public ResponseEntity<Order> place(@PathVariable String customerId, @RequestBody NewOrder request) {
        Order order = new Order(customerId, request.orderId(), "OPEN", LocalDate.now().toString(), request.total());
        if (!orders.place(order)) {
            return ResponseEntity.status(HttpStatus.CONFLICT).build();
        }
        return ResponseEntity.created(URI.create("/customers/" + customerId + "/orders/" + order.orderId()))
                .body(order);
    }

    @PostMapping("/customers/{customerId}/orders/{orderId}/cancel")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void cancel(@PathVariable String customerId, @PathVariable String orderId) {
        orders.cancel(customerId, orderId);
    }

    /** Orders of a status placed between two days (ISO dates), newest first. */
    @GetMapping("/orders")
    public List<Order> byStatus(@RequestParam String status, @RequestParam LocalDate from,
            @RequestParam LocalDate to) {
        return orders.ordersByStatus(status, from.toString(), to.toString());
    }

    /** The report nobody designed for: it Scans. */
    @GetMapping("/orders/above")
    public List<Order> above(@RequestParam BigDecimal total) {
        return orders.ordersAbove(total);
    }

    @ExceptionHandler(NoSuchElementException.class)
    @ResponseStatus(HttpStatus.NOT_FOUND)
    void notFound() {
    }

    @ExceptionHandler(TransactionCanceledException.class)
    @ResponseStatus(HttpStatus.CONFLICT)
    void notOpen() {
    }
}
