package dev.singletable.spring;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.test.context.bean.override.BeanOverrideHandler;

/**
 * The beans a test class replaces itself ({@code @MockitoBean}, {@code @TestBean}): a client among them stays
 * the test's. Spies ({@code @MockitoSpyBean}) wrap the real bean, so they wrap the engine's client.
 *
 * @param names the names of replaced beans
 * @param types the types of beans replaced by type
 */
record OverriddenBeans(Set<String> names, Set<Class<?>> types) {

    static OverriddenBeans of(List<BeanOverrideHandler> handlers) {
        return new OverriddenBeans(
                handlers.stream().map(BeanOverrideHandler::getBeanName).filter(Objects::nonNull)
                        .collect(Collectors.toUnmodifiableSet()),
                handlers.stream().filter(handler -> handler.getBeanName() == null)
                        .map(handler -> handler.getBeanType().resolve()).filter(Objects::nonNull)
                        .collect(Collectors.toUnmodifiableSet()));
    }

    boolean contains(String beanName, Object bean) {
        return names.contains(beanName) || types.stream().anyMatch(type -> type.isInstance(bean));
    }
}
