package dev.leaderboard.service.result;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The JSON of an {@link Answer} record, both ways: each component is the field of its name, in the
 * record's order. Values map as JSON does (numbers, strings, booleans, JSON objects and arrays); an
 * enum is its {@code wireName()}, a list an array, an answer or a record with a {@code toJson()} its
 * own JSON (another record the JSON of its components). A component marked
 * {@link IfSet} is left out while {@code null} (otherwise {@code null} is written); one marked
 * {@link Flat} (an answer, a record or a JSON object) writes its fields into the enclosing object. Reading back (answers that cross the
 * event bus) builds the record from the same fields (a flat record none of whose fields is there is {@code null});
 * a type with its own {@code fromJson} is read by it.
 * Each record's components are looked up once.
 */
public final class AnswerJson {
  private AnswerJson() {
  }

  /** A component written only when it is not {@code null}. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.RECORD_COMPONENT)
  public @interface IfSet {
  }

  /** A component whose fields are written into the enclosing object. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.RECORD_COMPONENT)
  public @interface Flat {
  }

  private record Field(String name, Method accessor, Class<?> type, Type generic, boolean ifSet, boolean flat) {
  }

  private record Shape(Constructor<?> canonical, Field[] fields) {
  }

  private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
    @Override
    protected Shape computeValue(Class<?> type) {
      RecordComponent[] components = type.getRecordComponents();
      if (components == null) {
        throw new IllegalArgumentException(type + " is not a record");
      }
      Field[] fields = new Field[components.length];
      Class<?>[] types = new Class<?>[components.length];
      for (int i = 0; i < components.length; i++) {
        RecordComponent c = components[i];
        c.getAccessor().setAccessible(true);
        fields[i] = new Field(c.getName(), c.getAccessor(), c.getType(), c.getGenericType(),
            c.isAnnotationPresent(IfSet.class), c.isAnnotationPresent(Flat.class));
        types[i] = c.getType();
      }
      try {
        Constructor<?> canonical = type.getDeclaredConstructor(types);
        canonical.setAccessible(true);
        return new Shape(canonical, fields);
      } catch (NoSuchMethodException e) {
        throw new IllegalStateException(e);
      }
    }
  };

  private static final ClassValue<Method> WIRE_NAMES = methods("wireName");
  private static final ClassValue<Method> TO_JSON = methods("toJson");

  private static ClassValue<Method> methods(String name) {
    return new ClassValue<>() {
      @Override
      protected Method computeValue(Class<?> type) {
        try {
          return type.getMethod(name);
        } catch (NoSuchMethodException e) {
          return null;
        }
      }
    };
  }

  /** An answer's JSON: the serializer the event-bus proxy is generated with (META-INF/vertx/json-mappers.properties). */
  public static JsonObject json(Answer answer) {
    return answer.toJson();
  }

  /** The record's JSON. */
  public static JsonObject write(Object answer) {
    JsonObject out = new JsonObject();
    writeInto(answer, out);
    return out;
  }

  private static void writeInto(Object answer, JsonObject out) {
    for (Field f : SHAPES.get(answer.getClass()).fields()) {
      Object v = invoke(f.accessor(), answer);
      if (f.flat()) {
        if (v != null) {
          out.mergeIn((JsonObject) json(v));
        }
      } else if (v != null || !f.ifSet()) {
        out.put(f.name(), json(v));
      }
    }
  }

  /** A value as JSON holds it. */
  public static Object json(Object v) {
    if (v instanceof Answer a) {
      return a.toJson();
    } else if (v instanceof List<?> list) {
      return JsonArray.of(list.stream().map(AnswerJson::json).toArray());
    } else if (v instanceof Enum<?> e) {
      Method name = WIRE_NAMES.get(e.getDeclaringClass());
      return name == null ? e.name() : invoke(name, e);
    } else if (v instanceof Record r) {
      Method own = TO_JSON.get(r.getClass());
      return own != null ? invoke(own, r) : write(r);
    }
    return v;
  }

  /** What reads a record of {@code type} back from its JSON: each answer's {@code FROM_JSON}, which the event-bus proxy calls. */
  public static <R> Function<JsonObject, R> reader(Class<R> type) {
    return json -> read(json, type);
  }

  /** The record of {@code type} from its JSON. */
  public static <R> R read(JsonObject json, Class<R> type) {
    Shape shape = SHAPES.get(type);
    Field[] fields = shape.fields();
    Object[] args = new Object[fields.length];
    for (int i = 0; i < fields.length; i++) {
      Field f = fields[i];
      Object raw = f.flat() ? (absent(json, f.type()) ? null : rest(json, fields, f)) : json.getValue(f.name());
      args[i] = value(raw, f.type(), f.generic());
    }
    try {
      return type.cast(shape.canonical().newInstance(args));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** For a flat component: the enclosing object without the other components' fields, {@code null} when none are left. */
  private static JsonObject rest(JsonObject json, Field[] fields, Field flat) {
    JsonObject out = json.copy();
    for (Field f : fields) {
      if (f != flat && !f.flat()) {
        out.remove(f.name());
      }
    }
    return out.isEmpty() ? null : out;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object value(Object raw, Class<?> type, Type generic) {
    if (raw == null) {
      return type == boolean.class ? false : type.isPrimitive() ? primitiveZero(type) : null;
    }
    if (type == long.class || type == Long.class) {
      return ((Number) raw).longValue();
    } else if (type == int.class || type == Integer.class) {
      return ((Number) raw).intValue();
    } else if (type == double.class || type == Double.class) {
      return ((Number) raw).doubleValue();
    } else if (type.isEnum()) {
      for (Object constant : type.getEnumConstants()) {
        if (json(constant).equals(raw)) {
          return constant;
        }
      }
      throw new IllegalArgumentException(raw + " is no " + type.getSimpleName());
    } else if (List.class.isAssignableFrom(type)) {
      Type item = ((ParameterizedType) generic).getActualTypeArguments()[0];
      Class<?> itemType = item instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) item;
      List<Object> out = new ArrayList<>();
      for (Object x : (JsonArray) raw) {
        out.add(value(x, itemType, item));
      }
      return List.copyOf(out);
    } else if (Map.class.isAssignableFrom(type) || type == Object.class) {
      return raw;
    } else if ((type.isRecord() || type.isInterface()) && raw instanceof JsonObject j) {
      Method own = fromJson(type);
      return own != null ? invoke(own, null, j) : read(j, (Class) type);
    }
    return raw;
  }

  private static Object primitiveZero(Class<?> type) {
    return type == int.class ? 0 : type == double.class ? 0.0 : 0L;
  }

  private static Method fromJson(Class<?> type) {
    try {
      Method m = type.getMethod("fromJson", JsonObject.class);
      return m.getDeclaringClass() == type ? m : null;
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  /** Whether none of a flat record's fields is in the JSON: the record was left out ({@code null}). */
  private static boolean absent(JsonObject json, Class<?> type) {
    return type.isRecord() && Arrays.stream(SHAPES.get(type).fields()).noneMatch(f -> json.containsKey(f.name()));
  }

  private static Object invoke(Method m, Object target, Object... args) {
    try {
      return m.invoke(target, args);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    }
  }
}
