package devstack

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/operatorservice/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"
)

// searchAttributeArgs are the dev server's flags that register keys
// (--search-attribute Name=Type).
func searchAttributeArgs(keys []temporal.SearchAttributeKey) []string {
	var args []string
	for _, k := range keys {
		args = append(args, "--search-attribute", k.GetName()+"="+typeName(k.GetValueType()))
	}
	return args
}

// typeName is a value type as the CLI spells it (Keyword, Int).
func typeName(t enumspb.IndexedValueType) string {
	for name, v := range enumspb.IndexedValueType_shorthandValue {
		if v == int32(t) {
			return name
		}
	}
	return strings.TrimPrefix(t.String(), "INDEXED_VALUE_TYPE_")
}

// RegisterSearchAttributes adds the keys the namespace lacks, as
// `temporal operator search-attribute create` does. It is idempotent: keys
// already there with their type are left alone; a key there with another
// type is an error that names it.
func RegisterSearchAttributes(ctx context.Context, c client.Client, namespace string, keys []temporal.SearchAttributeKey) error {
	if len(keys) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	op := c.OperatorService()
	list, err := op.ListSearchAttributes(ctx, &operatorservice.ListSearchAttributesRequest{Namespace: namespace})
	if err != nil {
		return fmt.Errorf("list search attributes of namespace %s: %w", namespace, err)
	}
	add := map[string]enumspb.IndexedValueType{}
	var clash []string
	for _, k := range keys {
		have, ok := list.GetCustomAttributes()[k.GetName()]
		switch {
		case !ok:
			add[k.GetName()] = k.GetValueType()
		case have != k.GetValueType():
			clash = append(clash, fmt.Sprintf("%s is a %s, want %s", k.GetName(), typeName(have), typeName(k.GetValueType())))
		}
	}
	if len(clash) > 0 {
		slices.Sort(clash)
		return fmt.Errorf("search attributes of namespace %s: %s (remove them or use another namespace)", namespace, strings.Join(clash, "; "))
	}
	if len(add) == 0 {
		return nil
	}
	_, err = op.AddSearchAttributes(ctx, &operatorservice.AddSearchAttributesRequest{Namespace: namespace, SearchAttributes: add})
	var exists *serviceerror.AlreadyExists
	if err != nil && !errors.As(err, &exists) {
		return fmt.Errorf("register search attributes in namespace %s: %w", namespace, err)
	}
	return nil
}
