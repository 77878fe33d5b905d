/**
 * The values the engine hands to its users and that its internals share: what a logged request was
 * ({@link dev.singletable.engine.model.RequestLogEntry}, its {@link dev.singletable.engine.model.Operation},
 * {@link dev.singletable.engine.model.KeyCondition} and expressions) the faults a test can inject, and the
 * limits of the HTTP endpoint.
 *
 * <p>This package depends on nothing else of the engine, so every layer of it may use these types.
 */
package dev.singletable.engine.model;
