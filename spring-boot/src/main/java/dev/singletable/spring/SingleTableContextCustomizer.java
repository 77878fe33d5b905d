package dev.singletable.spring;

import dev.singletable.junit.internal.SharedTable;
import java.util.Map;
import java.util.Objects;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Points an application context at a class's table: the table name into the application's property, every
 * DynamoDB client bean onto the engine's in-memory transport (or the external endpoint's logged clients), and the
 * table's fixture state marked once the application has started. Equal customizers — same table, property and
 * replaced beans — let Spring reuse a cached context.
 */
final class SingleTableContextCustomizer implements ContextCustomizer {
    private static final String PROPERTY_SOURCE = "singletable";

    private final SharedTable table;
    private final String tableNameProperty;
    private final OverriddenBeans overridden;

    SingleTableContextCustomizer(SharedTable table, String tableNameProperty, OverriddenBeans overridden) {
        this.table = table;
        this.tableNameProperty = tableNameProperty;
        this.overridden = overridden;
    }

    @Override
    public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration configuration) {
        if (!tableNameProperty.isEmpty()) {
            context.getEnvironment().getPropertySources().addFirst(new MapPropertySource(PROPERTY_SOURCE,
                    Map.of(tableNameProperty, table.name())));
        }
        context.getBeanFactory().addBeanPostProcessor(new EngineClients(table.backend(), overridden));
        context.addApplicationListener((ApplicationListener<ApplicationEvent>) event -> {
            if (event instanceof ContextRefreshedEvent refreshed && refreshed.getApplicationContext() == context) {
                table.contextStarted();
            }
        });
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SingleTableContextCustomizer that && table.identity().equals(that.table.identity())
                && tableNameProperty.equals(that.tableNameProperty) && overridden.equals(that.overridden);
    }

    @Override
    public int hashCode() {
        return Objects.hash(table.identity(), tableNameProperty, overridden);
    }

    @Override
    public String toString() {
        return "SingleTableContextCustomizer[table " + table.name() + " (" + table.identity() + ")"
                + (tableNameProperty.isEmpty() ? "" : ", " + tableNameProperty) + "]";
    }
}
