package dev.singletable.engine.internal.ops.control;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.storage.Table;

/** What control-plane requests on one table share: the required TableName and the not-found error they name it in. */
final class ControlRequests {
    private ControlRequests() {
    }

    /**
     * The TableName member (a name or a table ARN; answered as the name). Control-plane operations report a
     * missing one as a required parameter, not as a null member.
     */
    static String tableName(JsonNode request) {
        if (Requests.string(request, "TableName") == null) {
            throw required("TableName");
        }
        return Requests.tableName(request);
    }

    static DynamoException required(String member) {
        return DynamoException.validation("The parameter '" + member + "' is required but was not present in the request");
    }

    /** The table, or the control plane's ResourceNotFoundException, which names the table. */
    static Table existing(Database database, String name) {
        return database.find(name).orElseThrow(() -> DynamoException.of("ResourceNotFoundException",
                "Requested resource not found: Table: " + name + " not found"));
    }
}
