package dev.singletable.assertions;

import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Catches the failure of an assertion, so that a test can check its message. */
final class Expect {

    private Expect() {
    }

    /**
     * @param assertion an assertion expected to fail
     * @return its failure
     * @throws AssertionError when the assertion passes
     */
    static AssertionError failureOf(ThrowingCallable assertion) {
        AssertionError error = catchThrowableOfType(AssertionError.class, assertion);
        if (error == null) {
            throw new AssertionError("expected the assertion to fail, but it passed");
        }
        return error;
    }
}
